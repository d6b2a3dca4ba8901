export { type PeriodicJob, type RunningWorker, startWorker, type WorkerLog } from './worker.js';
