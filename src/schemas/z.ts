import { z } from 'zod';
import { ptBR } from 'zod/locales';

// Every message zod writes by itself (types, sizes) is in pt-BR; the spec's own messages are set per field.
z.config(ptBR());

export { z };
