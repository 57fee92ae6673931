import { useEffect } from 'preact/hooks';
import { ApprovalPrompt } from './components/approval-prompt';
import { HandoverBar } from './components/handover-bar';
import { DriverBanner } from './components/driver-banner';
import { PlanCard } from './components/plan-card';
import { QuestionCard } from './components/question-card';
import { ChatList } from './components/chat-list';
import { Composer } from './components/composer';
import { CostMeter } from './components/cost-meter';
import { DebugLog } from './components/debug-log';
import { HostAccess } from './components/host-access';
import { ModeSwitch } from './components/mode-switch';
import { Notices } from './components/notices';
import { PaneTabs } from './components/pane-tabs';
import { SettingsView } from './components/settings-view';
import { StatusLine } from './components/status-line';
import { Topbar } from './components/topbar';
import { TreeViewer } from './components/tree-viewer';
import { initShortcuts } from './lib/shortcuts-store';
import { busy, initStore, prefs, stopTask, view } from './store';

export function App() {
  useEffect(() => {
    let dispose: (() => void) | undefined;
    let gone = false;
    void initStore(location.search).then((d) => {
      if (gone) d();
      else dispose = d;
    });
    let disposeShortcuts: (() => void) | undefined;
    void initShortcuts().then((d) => {
      if (gone) d();
      else disposeShortcuts = d;
    });
    // Esc stops a running task from anywhere in the panel (fields that use Esc themselves stop propagation).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && busy.value && !e.defaultPrevented) stopTask();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      gone = true;
      dispose?.();
      disposeShortcuts?.();
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const p = prefs.value;
  const pane = p.verbose ? p.pane : 'chat';
  return (
    <div class="layout">
      <Topbar />
      <HostAccess />
      <Notices />
      <DriverBanner />
      {view.value === 'settings' ? (
        <main class="main">
          <SettingsView />
        </main>
      ) : (
        <>
          <ModeSwitch />
          <PaneTabs />
          <main
            class="main"
            id="main-pane"
            role={p.verbose ? 'tabpanel' : undefined}
            aria-labelledby={p.verbose ? `pane-tab-${pane}` : undefined}
          >
            {pane === 'tree' ? <TreeViewer /> : pane === 'log' && p.deepVerbose ? <DebugLog /> : <ChatList />}
          </main>
          <ApprovalPrompt />
          <PlanCard />
          <QuestionCard />
          <HandoverBar />
          <StatusLine />
          <CostMeter />
          <Composer />
        </>
      )}
    </div>
  );
}
