//! pco-harness decode TYPE IN.pco OUT.raw      -> decoded numbers, little-endian
//! pco-harness encode TYPE IN.raw OUT.pco LEVEL -> a standalone Pco file (pco's defaults otherwise)
//! pco-harness time-decode TYPE IN.pco ROUNDS   -> best nanoseconds of one whole decode (into a reused buffer)
//! pco-harness time-encode TYPE IN.raw LEVEL ROUNDS -> best nanoseconds of one whole encode
//! TYPE: u8 u16 u32 u64 i8 i16 i32 i64 f16 f32 f64
use std::time::Instant;
use pco::standalone::{simple_compress, simple_decompress, simple_decompress_into};
use pco::ChunkConfig;
use pco::data_types::Number;

fn from_le<T: Number>(bytes: &[u8]) -> Vec<T> {
    let size = std::mem::size_of::<T>();
    assert!(bytes.len() % size == 0, "raw input is not a whole number of values");
    let mut out = Vec::with_capacity(bytes.len() / size);
    for c in bytes.chunks_exact(size) {
        // Numbers are plain old data of this size; little-endian machines only.
        let mut v = std::mem::MaybeUninit::<T>::uninit();
        unsafe {
            std::ptr::copy_nonoverlapping(c.as_ptr(), v.as_mut_ptr() as *mut u8, size);
            out.push(v.assume_init());
        }
    }
    out
}

fn to_le<T: Number>(nums: &[T]) -> Vec<u8> {
    let size = std::mem::size_of::<T>();
    let mut out = vec![0u8; nums.len() * size];
    unsafe { std::ptr::copy_nonoverlapping(nums.as_ptr() as *const u8, out.as_mut_ptr(), out.len()); }
    out
}

fn run<T: Number>(args: &[String]) {
    let cmd = args[1].as_str();
    let input = std::fs::read(&args[3]).expect("read input");
    match cmd {
        "decode" => {
            let nums: Vec<T> = simple_decompress(&input).unwrap_or_else(|e| { eprintln!("pco error: {e}"); std::process::exit(1) });
            std::fs::write(&args[4], to_le(&nums)).expect("write output");
        }
        "encode" => {
            let level: usize = args[5].parse().unwrap();
            let nums: Vec<T> = from_le(&input);
            let cfg = ChunkConfig::default().with_compression_level(level);
            std::fs::write(&args[4], simple_compress(&nums, &cfg).unwrap()).expect("write output");
        }
        "time-decode" => {
            let rounds: usize = args[4].parse().unwrap();
            // into one buffer reused by every round, as PackScope's bench decodes: a fresh
            // Vec each round timed the kernel's page faults as much as the decoder
            let mut nums: Vec<T> = simple_decompress(&input).unwrap();
            let mut best = u128::MAX;
            for _ in 0..rounds {
                let t = Instant::now();
                simple_decompress_into(&input, &mut nums).unwrap();
                best = best.min(t.elapsed().as_nanos());
                std::hint::black_box(&nums);
            }
            println!("{best}");
        }
        "time-encode" => {
            let level: usize = args[4].parse().unwrap();
            let rounds: usize = args[5].parse().unwrap();
            let nums: Vec<T> = from_le(&input);
            let cfg = ChunkConfig::default().with_compression_level(level);
            let mut best = u128::MAX;
            let mut size = 0;
            for _ in 0..rounds {
                let t = Instant::now();
                let bytes = simple_compress(&nums, &cfg).unwrap();
                best = best.min(t.elapsed().as_nanos());
                size = bytes.len();
            }
            println!("{best} {size}");
        }
        _ => { eprintln!("unknown command {cmd}"); std::process::exit(2) }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 { eprintln!("usage: see src/main.rs"); std::process::exit(2) }
    match args[2].as_str() {
        "u16" => run::<u16>(&args), "u32" => run::<u32>(&args), "u64" => run::<u64>(&args),
        "i16" => run::<i16>(&args), "i32" => run::<i32>(&args), "i64" => run::<i64>(&args),
        "f16" => run::<half::f16>(&args), "u8" => run::<u8>(&args), "i8" => run::<i8>(&args),
        "f32" => run::<f32>(&args), "f64" => run::<f64>(&args),
        t => { eprintln!("unknown type {t}"); std::process::exit(2) }
    }
}
