/** The platform value whose broker code is `code` in a forward table, or null. */
export function reverseLookup<Value extends string, Code>(
  values: readonly Value[],
  table: Readonly<Record<Value, Code>>,
  code: Code,
): Value | null {
  return values.find((value) => table[value] === code) ?? null;
}
