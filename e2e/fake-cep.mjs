// A stand-in for the public CEP service (ViaCEP's shape), so browser tests never reach the internet.
import http from 'node:http';

const port = Number(process.argv[2] ?? 3199);
const CEPS = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  30130010: {
    cep: '30130-010',
    logradouro: 'Praça Sete de Setembro',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
  },
};

http
  .createServer((req, res) => {
    if (req.url === '/health') return res.end('ok');
    const m = req.url?.match(/^\/ws\/(\d{8})\/json\/?$/);
    res.setHeader('content-type', 'application/json');
    if (!m) {
      res.statusCode = 400;
      return res.end('{"erro":true}');
    }
    const found = CEPS[m[1]];
    res.end(JSON.stringify(found ?? { erro: true }));
  })
  .listen(port, '127.0.0.1');
