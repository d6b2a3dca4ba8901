// The Seaport compile pins the compilers Seaport 1.6 was built with, installed as npm aliases of `solc` (same API).
declare module 'solc-0.8.24' {
  import solc from 'solc';
  export default solc;
}
declare module 'solc-0.8.14' {
  import solc from 'solc';
  export default solc;
}
