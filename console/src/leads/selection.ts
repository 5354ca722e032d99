// The leads page's selection: lead ids kept across pages, cleared when the filter changes. Actions
// on it (bulk status here, enrolment into a campaign elsewhere) take the ids and a "done" callback.
import { useCallback, useState } from 'preact/hooks';

export interface Selection {
  ids: string[];
  has(id: string): boolean;
  set(ids: readonly string[], on: boolean): void;
  clear(): void;
}

export function useSelection(): Selection {
  const [ids, setIds] = useState<string[]>([]);
  const set = useCallback((changed: readonly string[], on: boolean) => {
    setIds((current) => (on ? [...current, ...changed.filter((id) => !current.includes(id))] : current.filter((id) => !changed.includes(id))));
  }, []);
  return { ids, has: (id) => ids.includes(id), set, clear: useCallback(() => setIds([]), []) };
}

/** What a selection action is given: the selected ids, and what to call once leads changed. */
export interface SelectionActionProps {
  selectedIds: string[];
  onDone: () => void;
}
