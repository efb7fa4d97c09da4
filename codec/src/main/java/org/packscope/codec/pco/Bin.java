package org.packscope.codec.pco;

/** One bin of a latent variable: its tANS weight, the latent lower bound and how many offset bits follow. */
public record Bin(int weight, long lower, int offsetBits) { }
