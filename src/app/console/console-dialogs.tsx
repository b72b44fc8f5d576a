/** The console's dialogs: add or edit a backend, and start a run on one ("nothing is sent until Start run"). */
import { saveBackend, startRunOn, testConnection } from '@/app/console/console-actions';
import { PROTOCOL_CHOICES } from '@/app/start/protocol-choices';
import { dialectInfoById } from '@/protocol/dialect-info';
import type { KeptBackend } from '@/stores/backends-store';

import { BackendFormDialog } from '@/features/console/backend-form';
import { StartRunDialog } from '@/features/console/start-run-dialog';

export type ConsoleDialog = { kind: 'add' } | { kind: 'edit'; backend: KeptBackend } | { kind: 'start'; backend: KeptBackend };

export function ConsoleDialogs({ dialog, onClose, navigate }: { dialog: ConsoleDialog | undefined; onClose: () => void; navigate: (search: string) => void }) {
  if (!dialog) return null;
  if (dialog.kind === 'start') {
    const { backend } = dialog;
    return (
      <StartRunDialog
        backendLabel={backend.label}
        protocolLabel={dialectInfoById(backend.dialect)?.label ?? backend.dialect}
        onClose={onClose}
        onStart={async (instructions) => {
          const outcome = await startRunOn(backend, instructions);
          if (!outcome.ok) return outcome.reason;
          onClose();
          navigate(outcome.search);
          return undefined;
        }}
      />
    );
  }
  const editing = dialog.kind === 'edit' ? dialog.backend : undefined;
  return (
    <BackendFormDialog
      title={editing ? `Edit “${editing.label}”` : 'Add a backend'}
      protocols={PROTOCOL_CHOICES}
      {...(editing ? { initial: { dialect: editing.dialect, url: editing.url, label: editing.label, session: editing.session ?? '' } } : {})}
      onTest={(draft) => testConnection({ dialect: draft.dialect, url: draft.url, ...(draft.session ? { session: draft.session } : {}), ...(draft.token ? { token: draft.token } : {}) })}
      onSave={(draft) => {
        const problem = saveBackend(draft, editing);
        if (!problem) onClose();
        return problem;
      }}
      onClose={onClose}
    />
  );
}
