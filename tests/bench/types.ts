export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget, when the issue sets one; `lower` means smaller is better. */
  budget?: { max?: number; min?: number };
}

export interface BenchTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbKind: 'pglite' | 'postgres';
}
