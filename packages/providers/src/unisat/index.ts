export { UNISAT_SETTING, UnisatClient, type UnisatBrc20Type } from './unisat.js';
