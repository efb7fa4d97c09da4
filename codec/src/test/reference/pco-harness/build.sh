#!/bin/sh
# Builds the Pco reference harness offline against a local source tree of the
# pco crate and its dependencies: PCO_SRC holds folders pco, better_io,
# dtype_dispatch, half, rand_xoshiro, rand_core and cfg-if (each a crate whose
# Cargo.toml names the others by path). Output: target/release/pco-harness.
# PCO_RUSTFLAGS replaces the compiler flags (default: the ones pco recommends).
set -e
: "${PCO_SRC:?set PCO_SRC to the folder holding the pco crate and its dependencies}"
here=$(cd "$(dirname "$0")" && pwd)
work=${PCO_HARNESS_BUILD:-/tmp/pco-harness-build}
rm -rf "$work" && mkdir -p "$work"
cp -r "$here/src" "$work/"
sed "s#PCO_PATH#$PCO_SRC#g" "$here/Cargo.toml" > "$work/Cargo.toml"
# pco's README asks for these three on x86_64, and warns that target-cpu=native is not the same
cd "$work" && RUSTFLAGS="${PCO_RUSTFLAGS:--C target-feature=+bmi1,+bmi2,+avx2}" cargo build --release --offline
echo "$work/target/release/pco-harness"
