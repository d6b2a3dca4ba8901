// The npm `solc` package ships no type declarations; this is the part of its API compile.ts uses.
declare module 'solc' {
  interface SolcImportResult {
    contents?: string;
    error?: string;
  }
  interface Solc {
    /** Standard-JSON in, standard-JSON out. */
    compile(input: string, callbacks?: { import?: (path: string) => SolcImportResult }): string;
    /** e.g. "0.8.26+commit.8a97fa7a.Emscripten.clang" */
    version(): string;
  }
  const solc: Solc;
  export default solc;
}
