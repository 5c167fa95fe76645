/** Types of build-state.mjs (plain ESM shared with scripts/start.mjs). */
export declare const root: string;
export declare function isBuildStale(): boolean;
