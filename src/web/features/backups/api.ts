import { queryOptions } from '@tanstack/react-query';
import { client, json, withSignal } from '../../lib/client';

export const backupsKeys = {
  all: ['backups'] as const,
};

export const backupsOptions = () =>
  queryOptions({
    queryKey: backupsKeys.all,
    queryFn: ({ signal }) => json(client.backups.$get({}, withSignal(signal))),
  });
