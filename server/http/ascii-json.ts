const NON_ASCII = /[\u0080-\uffff]/g;

const escape = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text whose every character is ASCII: each other one is written as its `\u` escape, which any JSON parser
 * reads back as the same character. For an answer whose text is made once and sent many times (ADR 0018): Node
 * writes an all-ASCII text to the socket by copying it and sizes it without a scan, while a single "é" makes both
 * go character by character, about 3,500 instructions on the price read's 192 bytes.
 */
export const asciiJson = (value: unknown): string => JSON.stringify(value).replace(NON_ASCII, escape);
