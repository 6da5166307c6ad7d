// A typed point.
interface Point { x: number; y: number }
export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x, dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy) * 2.5;
}
const label: string = `point`;
