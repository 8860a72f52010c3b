// The reverse proxy of the multi-process test, as a process of its own: started by the scale-out
// scenario so the proxy does not share an event loop with the load generator (an operator's
// balancer is its own process too). Backends are the arguments; the proxy's address is printed
// as the first line on stdout, and it runs until killed.
import { startReverseProxy } from '../../apps/server/test/helpers/reverse-proxy.js';

const proxy = await startReverseProxy(process.argv.slice(2));
console.log(proxy.url);
