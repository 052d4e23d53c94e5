package client

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/toolbench/toolbench/target"
)

// Shutdown timing for stdio servers. The MCP spec asks clients to close the
// server's stdin and then signal it; some real servers (server-everything with
// client capabilities) never exit on EOF, so the waits stay short.
const (
	stdinGrace = 2 * time.Millisecond
	termGrace  = 500 * time.Millisecond
	killGrace  = time.Second
)

// process is a stdio server toolbench started. toolbench owns the pipes
// itself (rather than letting mcp-go spawn the command) to put the server in
// its own process group, to see stdout noise, and to keep every stderr line.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *lineFilter
	stderr *tail

	exited  chan struct{}
	waitErr error
	// stderrDone is closed once stderr reaches EOF and every line is in.
	stderrDone chan struct{}

	stopOnce sync.Once
	stopping chan struct{}
}

// startProcess starts t's command with pipes on all three streams.
func startProcess(t target.Target, emit func(Event)) (*process, error) {
	path, err := exec.LookPath(t.Command)
	if err != nil {
		return nil, &ConnectError{Phase: PhaseStart, Err: fmt.Errorf("command %q not found", t.Command),
			Hint: "check the spelling, install it, or give its full path; PATH is searched"}
	}
	cmd := exec.Command(path, t.Args...)
	cmd.Env = serverEnv(t, os.Environ())
	cmd.Dir = t.Dir
	setProcessGroup(cmd)

	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("stdin pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, fmt.Errorf("stdout pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, fmt.Errorf("stderr pipe: %w", err)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, &ConnectError{Phase: PhaseStart, Err: fmt.Errorf("start %s: %w", t.Command, err)}
	}
	// The child has its own copies; ours must close so EOF reaches each side.
	closeAll(inR, outW, errW)

	p := &process{
		cmd:        cmd,
		stderr:     newTail(40),
		exited:     make(chan struct{}),
		stderrDone: make(chan struct{}),
		stopping:   make(chan struct{}),
	}
	p.stdout = newLineFilter(outR, func(line string) { emit(NoiseEvent{At: time.Now(), Line: line}) },
		func(problem string) {
			emit(DiagnosticEvent{At: time.Now(), Level: "WARN", Message: "dropped a frame from the server: " + problem})
		})
	p.stdin = p.stdout.sent.watch(inW)
	go p.readStderr(errR, emit)
	go p.wait()
	return p, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

func (p *process) wait() {
	p.waitErr = p.cmd.Wait()
	close(p.exited)
}

// exitError says how a server that nobody stopped ended, with its last
// stderr lines: they usually give the reason (a panic, a missing setting),
// and the exit can be seen before they have been read.
func (p *process) exitError() error {
	return &ServerExitError{Status: p.exitStatus(), Stderr: p.stderrTail(10)}
}

// exitStatus describes how the process ended, or "" while it runs.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	default:
		return ""
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return ee.ProcessState.String()
	}
	return p.waitErr.Error()
}

func (p *process) readStderr(r io.ReadCloser, emit func(Event)) {
	defer close(p.stderrDone)
	defer r.Close()
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			line = string(bytes.TrimRight([]byte(line), "\r\n"))
			p.stderr.add(line)
			emit(StderrEvent{At: time.Now(), Line: line})
		}
		if err != nil {
			return
		}
	}
}

// stop closes stdin, then signals the process group if the server lingers,
// and returns once the server has gone and the rest of its group has been
// signalled to go too.
func (p *process) stop() error {
	p.stopOnce.Do(func() {
		close(p.stopping)
		_ = p.stdin.Close()
		killed := false
		if !p.waitExit(stdinGrace) {
			signalGroup(p.cmd, false)
			if !p.waitExit(termGrace) {
				signalGroup(p.cmd, true)
				killed = true
				p.waitExit(killGrace)
			}
		}
		if !killed {
			p.endGroup()
		}
		_ = p.stdout.Close()
	})
	return nil
}

// groupPoll is how often endGroup looks whether the group has gone.
const groupPoll = 5 * time.Millisecond

// endGroup terminates what is left of the process group of a server that
// has exited: its children (npx's node, a shell's job) are part of what
// toolbench started, and may ignore SIGTERM, or stdin's end, as servers do.
// They get SIGTERM, a grace, then SIGKILL.
func (p *process) endGroup() {
	if !groupAlive(p.cmd) {
		return
	}
	signalGroup(p.cmd, false)
	deadline := time.Now().Add(termGrace)
	for groupAlive(p.cmd) && time.Now().Before(deadline) {
		time.Sleep(groupPoll)
	}
	if groupAlive(p.cmd) {
		signalGroup(p.cmd, true)
	}
}

// stopped reports whether stop was called, so an exit can be told apart
// from a crash.
func (p *process) stopped() bool {
	select {
	case <-p.stopping:
		return true
	default:
		return false
	}
}

func (p *process) waitExit(d time.Duration) bool {
	select {
	case <-p.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// tail keeps the last lines of a stream for error messages.
type tail struct {
	mu    sync.Mutex
	lines []string
	max   int
}

func newTail(max int) *tail { return &tail{max: max} }

func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.lines) == t.max {
		t.lines = append(t.lines[:0], t.lines[1:]...)
	}
	t.lines = append(t.lines, truncate(line, 500))
}

// lastWordsWait bounds the wait for a dead server's stderr to reach EOF.
// It is only spent in full when a grandchild (npx's node) keeps the pipe
// open; 200 ms proved too short on a loaded two-core CI machine, where the
// exit was seen before the reader goroutine got the final lines.
const lastWordsWait = time.Second

// stderrTail returns the last n stderr lines, first giving a server that
// has just died a moment to have its final words read.
func (p *process) stderrTail(n int) []string {
	select {
	case <-p.stderrDone:
	case <-time.After(lastWordsWait):
	}
	return p.stderr.last(n)
}

func (t *tail) last(n int) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n > len(t.lines) {
		n = len(t.lines)
	}
	return append([]string(nil), t.lines[len(t.lines)-n:]...)
}
