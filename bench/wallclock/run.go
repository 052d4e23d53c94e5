package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

// runEnv is the environment of every process the run starts (nil: this
// one's). By default it is clean, so that the servers the floor, mcptools
// and toolbench start see the same variables: toolbench passes a server
// only a short list, and a variable such as NODE_EXTRA_CA_CERTS alone adds
// 50 ms to node's start-up, which would credit toolbench with time that is
// not its own.
var runEnv []string

// cleanEnv keeps the variables every client passes on.
func cleanEnv() []string {
	var env []string
	for _, k := range []string{"PATH", "HOME", "LANG", "TERM", "USER", "LOGNAME", "SHELL", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// floor is the least any stdio client can do for one request.
func floor(server []string, method, params string) error {
	cmd := exec.Command(server[0], server[1:]...)
	cmd.Env = runEnv
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	}()
	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"floor","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":%q,"params":%s}`, method, params),
	}
	if _, err := io.WriteString(in, strings.Join(msgs, "\n")+"\n"); err != nil {
		return err
	}
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &m) == nil && string(m.ID) == "2" {
			return nil
		}
	}
}

// freshCache gives every client run an empty XDG_CACHE_HOME (-fresh-cache).
var freshCache bool

// command runs a client to completion, its output discarded.
func command(path string, args []string) error {
	cmd := exec.Command(path, args...)
	cmd.Env = runEnv
	if freshCache {
		dir, err := os.MkdirTemp("", "wallclock-cache-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if cmd.Env == nil {
			cmd.Env = os.Environ()
		}
		cmd.Env = append(cmd.Env[:len(cmd.Env):len(cmd.Env)], "XDG_CACHE_HOME="+dir)
	}
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	return cmd.Run()
}

func stats(ds []time.Duration) (median, mean, minimum time.Duration) {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	return s[len(s)/2], sum / time.Duration(len(s)), s[0]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
