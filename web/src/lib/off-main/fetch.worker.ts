/// <reference lib="webworker" />
import type { MessageEndpoint } from './protocol';
import { serveFetches } from './serveFetches';

// Reading and parsing 10,000 moulds (4.6 MB) were two long tasks of the page; here they are none.
serveFetches(self as unknown as MessageEndpoint);
