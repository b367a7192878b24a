/** Types of bench/tree-usage.mjs. */
export function sampleTree(root: number, intervalMs?: number): { peak(): number; stop(): number };
export function endedChildrenCpuMs(): number;
export function processCpuMs(pid: number): number;
