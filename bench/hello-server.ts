/** A bare Fastify hello-world, the reference the price routes are compared with. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const port = Number(process.env.PORT ?? 3990);
await app.listen({ port, host: '127.0.0.1' });
console.log(`hello listening on ${port}`);
