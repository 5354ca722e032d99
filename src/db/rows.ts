// Row <-> value mappings shared by every feature (0/1 booleans, JSON text arrays).
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | null): boolean => value === 1;

export function parseJsonArray(text: string | null): unknown[] {
  if (!text) return [];
  const value = JSON.parse(text);
  return Array.isArray(value) ? value : [];
}
