/**
 * Services built on the inspection model, the same for every format: walking a tree to
 * check it ({@code TreeWalk}, {@code DrillWalk}) and placing what it finds ({@code
 * DiagnosticPlace}, {@code NodeLocator}), comparing two trees ({@code TreeDiff}), reading
 * columns in parallel pages in order ({@code ColumnPages}, {@code ReadAhead}, {@code
 * ParallelTasks}) for histograms, overviews and text exports, the element a byte belongs to
 * ({@code ElementReading}), and CF conventions over a column ({@code CfColumn}).
 */
package org.packscope.codec.analysis;
