export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget, when the issue sets one; `lower` means smaller is better. */
  budget?: { max?: number; min?: number };
  /** Today's figure (the baseline checkout, BENCH_BASELINE_DIR), measured in the same run. */
  baseline?: number;
}

export interface BenchTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbKind: 'pglite' | 'postgres';
}
