import { catalog, outputOf } from '@svc/contracts';
import * as tools from '@svc/tools';
const handlers = tools.handlerTable ?? tools.HANDLERS ?? tools.handlers;
const has = (n) => handlers ? Boolean(handlers[n]) : tools.hasHandler(n);
const missing = catalog.filter((t) => has(t.name) && !outputOf(t));
const by = {};
for (const t of missing) (by[t.tag ?? t.group] ??= []).push(t.name);
console.log(missing.length, JSON.stringify(by));
