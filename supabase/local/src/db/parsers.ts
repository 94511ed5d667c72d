/**
 * Both drivers parse results the same way: numbers that fit, int8/numeric and every date or
 * time type as Postgres's own text (so nothing is shifted by a JavaScript Date), json parsed.
 */
export const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  numeric: 1700,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  timetz: 1266,
  jsonb: 3802,
} as const;

export const textTypes: number[] = [
  OID.int8,
  OID.numeric,
  OID.date,
  OID.time,
  OID.timestamp,
  OID.timestamptz,
  OID.interval,
  OID.timetz,
];
