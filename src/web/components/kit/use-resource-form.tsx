import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from '../../../schemas/z';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import {
  type AnswerOf,
  type Call,
  type FormEndpoint,
  json,
  type RecordOf,
  type SingletonEndpoint,
  withSignal,
} from '../../lib/client';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { recursoKeys } from './api';
import { refreshAfterWrite } from './refresh';
import { useUnsavedWarning } from './use-unsaved-warning';

/** The props of a resource's form: the record it edits (null: a new one), after saving, Cancelar. */
export interface ResourceFormProps {
  id: string | null;
  onDone: () => void;
  onCancel: () => void;
}

/** A record as the API answers it: an id, and the version an update must send back. */
export interface Versioned {
  id: string;
  updated_at: string;
}

/** The record an endpoint answers, with the version an update sends back. */
export type RecordAt<E> = (E extends FormEndpoint ? RecordOf<E> : AnswerOf<E>) & Versioned;

export interface ResourceFormOptions<
  In extends FieldValues,
  Out,
  E extends FormEndpoint | SingletonEndpoint,
  R = RecordAt<E>,
  S = R,
> {
  /** Query key the save refreshes (`clientes` → invalidates `['clientes']`). */
  recurso: string;
  /** The resource on the typed client (`client.clientes`): POST at its root, GET/PATCH at `/:id`. */
  endpoint: E;
  /**
   * A one-row resource (`client.empresa`): read with its `GET` and saved with its `PUT` (with the
   * `updated_at` it read; or by `save`); pass any non-null `id`.
   */
  singleton?: boolean;
  /**
   * The server's own zod schema. The form holds its *input* type (what the fields hold: strings,
   * '' for "none") and the submit receives its *output* (trimmed, money as decimal strings) —
   * react-hook-form's `useForm<Input, Context, Output>`, so no cast is needed anywhere.
   */
  schema: z.ZodType<Out, In>;
  /** The record being edited (read fresh from `GET /api/<recurso>/:id`); null for a new one. */
  id: string | null;
  /** Values of a new record. */
  empty: In;
  /** Form values of a record as the server has it. */
  valuesOf: (record: R) => In;
  /** What the fields hold → what the schema reads (e.g. "1.234,56" → "1234.56"), before validation. */
  normalize?: (values: In) => In;
  /** The request body from the parsed values (default: the values themselves). */
  toBody?: (values: Out, record: R | undefined) => object;
  /**
   * A save the resource words its own way (an answer of another shape, a query parameter): it sends
   * the request itself — `record` is the version read (send its `updated_at`), `idempotencyKey` the
   * key of a create — and its answer reaches `onSaved` and the toasts' descriptions.
   */
  save?: (values: Out, ctx: { record: R | undefined; idempotencyKey: string }) => Promise<S>;
  /** The spec's toasts. */
  messages: {
    created: string;
    createdDescription?: string | ((saved: S) => string);
    updated: string;
    updatedDescription?: string;
    createError: string;
    updateError: string;
  };
  /** A screen whose spec words its failures differently (e.g. "Erro" + "Erro ao criar …: <detail>"). */
  toastFailure?: (err: unknown, editing: boolean) => void;
  /** A 409 on creating (a duplicate) is shown on this field, with the server's explanation. */
  conflictField?: Path<In>;
  /** Other query keys the save changes (besides `[recurso]`). */
  invalidates?: string[];
  /** After a successful save (back to the list, close the dialog). */
  onSaved?: (saved: S) => void;
}

export interface ResourceForm<In extends FieldValues, Out, R extends Versioned> {
  form: UseFormReturn<In, unknown, Out>;
  editing: boolean;
  /** The record as read when the form opened (undefined while loading or for a new one). */
  record: R | undefined;
  /** True while the edited record is being read: show a loading state, not an empty form. */
  loading: boolean;
  loadFailed: boolean;
  saving: boolean;
  /** The last save was refused because someone else changed the record (409). */
  conflict: boolean;
  /** Reads the record again and puts the server's values in the form. */
  reload: () => void;
  /** The <form onSubmit>. */
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** A field's DOM id (unique per form) and its error message. */
  fieldId: (name: Path<In>) => string;
  error: (name: Path<In>) => string | undefined;
  /** Leaves the form on purpose (Cancelar): no warning, the changes are dropped. */
  discard: () => void;
  /** The "Descartar alterações?" confirmation; render it once inside the form's component. */
  leaveDialog: React.ReactNode;
}

/**
 * One form of a resource: defaults, the server's zod schema as resolver, the save (POST for a new
 * record, PATCH with the `updated_at` it read for an edit), the spec's toasts, the server's field
 * errors on their inputs, the record read fresh when an edit opens (a dialog shows what the server
 * has now; a 409 offers "Recarregar"), and a warning before a changed form is left.
 */
export function useResourceForm<
  In extends FieldValues,
  Out,
  E extends FormEndpoint | SingletonEndpoint,
  S = RecordAt<E>,
>(o: ResourceFormOptions<In, Out, E, RecordAt<E>, S>): ResourceForm<In, Out, RecordAt<E>> {
  type R = RecordAt<E>;
  const uid = useId();
  const qc = useQueryClient();
  // A one-row resource (`client.empresa`) is read and saved at its root; the others at `/:id`.
  const single = o.endpoint as SingletonEndpoint;
  const one = { get: single.$get as Call, put: single.$put as Call };
  const at = (o.endpoint as FormEndpoint)[':id'] ?? {};
  const [get, patch, post] = [at.$get as Call, at.$patch as Call, (o.endpoint as FormEndpoint).$post as Call];
  const editing = o.id !== null;

  const zr = zodResolver(o.schema);
  const normalize = o.normalize;
  const resolver: Resolver<In, unknown, Out> = normalize ? (v, ctx, opts) => zr(normalize(v), ctx, opts) : zr;
  const form = useForm<In, unknown, Out>({
    resolver, // A whole In is a DefaultValues<In> (a deep partial); TypeScript cannot see it for a generic In.
    defaultValues: o.empty as DefaultValues<In>,
  });

  const read = useQuery({
    queryKey: recursoKeys.registro(o.recurso, o.id),
    queryFn: ({ signal }) =>
      json(
        o.singleton ? one.get({}, withSignal(signal)) : get({ param: { id: o.id } }, withSignal(signal)),
      ) as Promise<R>,
    enabled: editing,
    staleTime: 0,
    gcTime: 0,
  });
  // The version the user is editing: the one put in the form, not a later live refresh.
  const shown = useRef<R | undefined>(undefined);
  const { reset } = form;
  const valuesOf = o.valuesOf;
  useEffect(() => {
    if (read.data && shown.current?.id !== read.data.id) {
      shown.current = read.data;
      reset(valuesOf(read.data));
    }
  }, [read.data, reset, valuesOf]);

  const leave = useUnsavedWarning(form.formState.isDirty);
  const m = o.messages;

  // One key per record to create: "Salvar" pressed again after a dropped connection reuses it, so the
  // server creates one record (Idempotency-Key); renewed once the save succeeded.
  const idem = useIdempotencyKey();
  const save = useMutation({
    mutationFn: (v: Out): Promise<S> => {
      if (o.save) return o.save(v, { record: shown.current, idempotencyKey: idem.key });
      const body = o.toBody ? o.toBody(v, shown.current) : (v as object);
      if (o.singleton)
        return json(one.put({ json: { ...body, updated_at: shown.current?.updated_at } })) as Promise<S>;
      const saved = editing
        ? patch({ param: { id: o.id }, json: { ...body, updated_at: shown.current?.updated_at } })
        : post({ json: body }, { headers: { 'idempotency-key': idem.key } });
      // without `save`, S is the record the route answers (the default of S)
      return json(saved) as Promise<S>;
    },
    onSuccess: (saved) => {
      idem.renew();
      const described = m.createdDescription;
      if (editing) toastSuccess(m.updated, m.updatedDescription);
      else toastSuccess(m.created, typeof described === 'function' ? described(saved) : described);
      void refreshAfterWrite(qc, [o.recurso, ...(o.invalidates ?? [])]);
      leave.allowNext();
      reset(o.empty);
      shown.current = undefined;
      o.onSaved?.(saved);
    },
    onError: (err) => {
      const title = editing ? m.updateError : m.createError;
      console.error(title, err);
      if (err instanceof ApiError) {
        const names = Object.keys(o.empty);
        for (const f of err.errors)
          if (names.includes(f.path)) form.setError(f.path as Path<In>, { message: f.message });
        if (err.status === 409 && !editing && o.conflictField)
          form.setError(o.conflictField, { message: err.errors[0]?.message ?? err.detail });
        if (err.status === 409 && editing) {
          toast.error(title, {
            description: err.detail,
            action: { label: 'Recarregar', onClick: () => reload() },
          });
          return;
        }
      }
      if (o.toastFailure) o.toastFailure(err, editing);
      else toastError(title, err);
    },
  });

  const reload = () => {
    save.reset();
    void read.refetch().then((r) => {
      if (r.data) {
        shown.current = r.data;
        reset(valuesOf(r.data));
      }
    });
  };

  return {
    form,
    editing,
    record: shown.current ?? read.data,
    loading: editing && read.isPending,
    loadFailed: editing && read.isError,
    // isSubmitting reaches the DOM before a double-click's second click; isPending may not
    saving: save.isPending || form.formState.isSubmitting,
    conflict: save.error instanceof ApiError && save.error.status === 409,
    reload,
    onSubmit: form.handleSubmit((v) =>
      save.mutateAsync(v).then(
        () => undefined,
        () => undefined, // the failure is already on screen (onError)
      ),
    ),
    fieldId: (name) => `${uid}-${name}`,
    error: (name) => {
      const e = form.formState.errors[name];
      return typeof e?.message === 'string' ? e.message : undefined;
    },
    discard: () => {
      leave.allowNext();
      reset(o.empty);
    },
    leaveDialog: leave.dialog,
  };
}

/**
 * The spec's toasts of a register whose noun is masculine ("Cliente salvo com sucesso!", "O cliente foi
 * adicionado ao sistema.", "Erro ao salvar cliente"…): clientes, fornecedores, funcionários, produtos.
 */
export function cadastroMessages(nome: string) {
  const Nome = nome.charAt(0).toUpperCase() + nome.slice(1);
  return {
    created: `${Nome} salvo com sucesso!`,
    createdDescription: `O ${nome} foi adicionado ao sistema.`,
    updated: `${Nome} atualizado com sucesso!`,
    createError: `Erro ao salvar ${nome}`,
    updateError: `Erro ao atualizar ${nome}`,
  };
}

/**
 * `FormShell`'s texts for the same registers ("Novo Cliente" / "Editar Cliente", "Carregando cliente...",
 * "Salvar Cliente" / "Atualizar Cliente"): `<FormShell f={f} {...cadastroShell(f.editing, 'Cliente')}>`.
 */
export function cadastroShell(editing: boolean, Nome: string) {
  return {
    label: `${editing ? 'Editar' : 'Novo'} ${Nome}`,
    loadingText: `Carregando ${Nome.toLowerCase()}...`,
    submitLabel: `${editing ? 'Atualizar' : 'Salvar'} ${Nome}`,
  };
}
