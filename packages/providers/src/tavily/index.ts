export { TAVILY_SETTING, TavilyClient, type WebResult } from './tavily.js';
