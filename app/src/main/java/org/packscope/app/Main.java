package org.packscope.app;
public class Main { public static void main(String[] a) {} }
