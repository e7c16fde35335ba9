/**
 * The access token of a server that has one: asked for the first time a call answers 401 (one
 * dialog however many calls were refused at once), kept in sessionStorage for this tab and this
 * API root only, and sent as `Authorization: Bearer <token>` by api.ts. The dialog names the
 * server, so a `?api=` link to another host cannot pass for this one.
 */
import type { ApiAuth } from './api';
import { byId } from './dom';

/** What the page does once a new token is entered (check the editor again, reload the jobs). */
export interface TokenPromptOptions {
  readonly base: string;
  readonly onToken: () => void;
}

/** The key of `base`'s token in sessionStorage. */
export function tokenKey(base: string): string {
  return `pipeline-console-token ${base}`;
}

/** The token prompt of the page (the `#token-dialog` of index.html) as api.ts's ApiAuth. */
export function createTokenPrompt(options: TokenPromptOptions): ApiAuth {
  const dialog = byId<HTMLDialogElement>('token-dialog');
  const form = byId<HTMLFormElement>('token-form');
  const input = byId<HTMLInputElement>('token-input');
  const server = byId<HTMLElement>('token-server');
  const refusedNote = byId<HTMLElement>('token-refused');
  const button = byId<HTMLButtonElement>('token-button');
  const key = tokenKey(options.base);
  server.textContent = options.base;
  let pending: Promise<string | undefined> | undefined;
  // Once the dialog is dismissed, refusals stop asking: the header button asks again.
  let declined = false;

  const stored = (): string | undefined => sessionStorage.getItem(key) ?? undefined;
  if (stored() !== undefined) button.hidden = false;

  function show(refused: boolean): Promise<string | undefined> {
    pending ??= new Promise<string | undefined>((resolve) => {
      refusedNote.hidden = !refused;
      input.value = '';
      const done = (token: string | undefined) => {
        form.removeEventListener('submit', onSubmit);
        dialog.removeEventListener('close', onClose);
        if (dialog.open) dialog.close();
        pending = undefined;
        resolve(token);
      };
      const onSubmit = (event: SubmitEvent) => {
        event.preventDefault();
        const token = input.value.trim();
        if (token === '') return;
        sessionStorage.setItem(key, token);
        declined = false;
        button.hidden = false;
        done(token);
      };
      const onClose = () => {
        declined = true;
        button.hidden = false;
        done(undefined);
      };
      form.addEventListener('submit', onSubmit);
      dialog.addEventListener('close', onClose);
      dialog.showModal();
      input.focus();
    });
    return pending;
  }

  byId('token-cancel').addEventListener('click', () => dialog.close());
  button.addEventListener('click', () => {
    void show(false).then((token) => {
      if (token !== undefined) options.onToken();
    });
  });

  return {
    token: stored,
    async refused(sent) {
      // Another call's prompt already gave a newer token: retry with it, no second question.
      const current = stored();
      if (current !== undefined && current !== sent) return current;
      if (declined && pending === undefined) return undefined;
      const token = await show(sent !== undefined);
      if (token !== undefined) queueMicrotask(options.onToken);
      return token;
    },
  };
}
