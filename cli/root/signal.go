package root

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

// interruptSignals end every command the same way: Ctrl-C, a polite kill,
// and the terminal going away.
var interruptSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// errInterrupted is the outcome of a command a signal ended.
var errInterrupted = errors.New("interrupted")

// forceAfter bounds how long an interrupted command may take to stop (its
// session closed, its server's process group ended) before the process
// ends without it. Closing a stdio server takes at most about 1.5 s.
const forceAfter = 5 * time.Second

// notifySignals starts delivering interruptSignals to a channel for the
// life of the process: from the first one on, they no longer kill
// toolbench before it has cleaned up.
func notifySignals() <-chan os.Signal {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, interruptSignals...)
	return ch
}

// interrupt is the one signal path of every command. The context it makes
// ends at the first signal: whatever is in flight is cancelled (the client
// tells the server), the command returns, its deferred Close ends the
// session and the stdio server's process group, and run then reports
// errInterrupted. Whether a command was interrupted is whether the signal
// came, never how its error reads: a cancelled connect and a lost
// connection look alike from inside.
type interrupt struct {
	fired atomic.Bool
	stop  chan struct{}
}

// watch returns ctx, ended at the first signal on sigs, and the interrupt
// that says whether one came. A second signal, or forceAfter, calls exit
// (when not nil) for a command that does not stop: one blocked reading a
// terminal's stdin, say. Stop must be called once the command is done.
func watch(ctx context.Context, sigs <-chan os.Signal, exit func()) (context.Context, *interrupt) {
	ctx, cancel := context.WithCancel(ctx)
	in := &interrupt{stop: make(chan struct{})}
	go func() {
		defer cancel()
		select {
		case <-sigs:
		case <-in.stop:
			return
		}
		in.fired.Store(true)
		cancel()
		if exit == nil {
			return
		}
		select {
		case <-sigs:
		case <-time.After(forceAfter):
		case <-in.stop:
			return
		}
		exit()
	}()
	return ctx, in
}

// interrupted reports whether a signal came.
func (in *interrupt) interrupted() bool { return in.fired.Load() }

// done stops watching.
func (in *interrupt) done() { close(in.stop) }

// forceExit is the exit of watch in the product: the same words and code
// as an interrupted command that stopped, once every stdio server the
// command started is killed (exiting first would orphan one that ignores
// SIGTERM and the end of its stdin).
func forceExit(f *factory, live *liveSessions) func() {
	if f.Exit == nil {
		return nil
	}
	return func() {
		live.kill()
		fmt.Fprintf(f.IO.Err, "toolbench: %s\n", errInterrupted)
		f.Exit(exitCode(errInterrupted))
	}
}

// liveSessions are the sessions a command has open, for forceExit.
type liveSessions struct {
	mu  sync.Mutex
	set map[*client.Session]struct{}
}

// track returns connect, with every session it opens kept until it ends.
func (l *liveSessions) track(connect reach.ConnectFunc) reach.ConnectFunc {
	return func(ctx context.Context, t target.Target, opts client.Options) (*client.Session, error) {
		s, err := connect(ctx, t, opts)
		if err != nil {
			return s, err
		}
		l.mu.Lock()
		if l.set == nil {
			l.set = map[*client.Session]struct{}{}
		}
		l.set[s] = struct{}{}
		l.mu.Unlock()
		go func() {
			<-s.Done()
			l.mu.Lock()
			delete(l.set, s)
			l.mu.Unlock()
		}()
		return s, nil
	}
}

// kill kills the server of every session still open.
func (l *liveSessions) kill() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for s := range l.set {
		s.Kill()
	}
}
