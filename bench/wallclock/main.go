// Command wallclock measures the wall time of toolbench's scriptable
// commands against a stdio server, next to a raw JSON-RPC floor and a peer
// client (mcptools, Go, on mcp-go) measured in the same run. The floor is
// the least any client must pay: spawn the server, initialize, send one
// request, read the answer, kill it; the difference is toolbench's own cost.
// Runs are interleaved so drift hits every scenario alike.
//
//	go build -o /tmp/toolbench ./cmd/toolbench
//	go run ./bench/wallclock -toolbench /tmp/toolbench -- node path/to/server-everything/dist/index.js
//
// mcptools is taken from -mcptools PATH, else built once from the Go module
// proxy into the user cache; without it the run reports floor and toolbench.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 20, "runs per scenario")
	toolbench := flag.String("toolbench", "toolbench", "the toolbench binary to time")
	tool := flag.String("tool", "get-sum", "tool to call")
	args := flag.String("args", `{"a":1,"b":2}`, "arguments of the call")
	only := flag.String("only", "", "run only the scenarios of \"tools\" or of \"call\"")
	mcptoolsPath := flag.String("mcptools", "", "the mcptools binary to time beside toolbench (default: build "+mcptoolsVersion+" into the cache)")
	noPeer := flag.Bool("no-peer", false, "time only the floor and toolbench")
	inherit := flag.Bool("inherit-env", false, "run every process with this environment instead of a clean one")
	flag.Parse()
	if !*inherit {
		runEnv = cleanEnv()
	}
	server := flag.Args()
	if len(server) == 0 {
		fmt.Fprintln(os.Stderr, "usage: wallclock [flags] -- SERVER COMMAND...")
		os.Exit(2)
	}
	call := fmt.Sprintf(`{"name":%q,"arguments":%s}`, *tool, *args)
	peer := ""
	if !*noPeer {
		var why string
		if peer, why = findMcptools(*mcptoolsPath); peer == "" {
			fmt.Fprintf(os.Stderr, "wallclock: without mcptools: %s\n", why)
		}
	}
	var scenarios []scenario
	if *only != "call" {
		scenarios = append(scenarios,
			scenario{"floor: initialize + tools/list", true, func() error { return floor(server, "tools/list", `{}`) }},
			scenario{"toolbench tools", false, func() error { return command(*toolbench, append([]string{"tools", "--"}, server...)) }})
		if peer != "" {
			scenarios = append(scenarios, scenario{"mcptools tools", false, func() error {
				return command(peer, append([]string{"tools"}, server...))
			}})
		}
	}
	if *only != "tools" {
		scenarios = append(scenarios,
			scenario{"floor: initialize + tools/call", true, func() error { return floor(server, "tools/call", call) }},
			scenario{"toolbench call", false, func() error {
				return command(*toolbench, append([]string{"call", *tool, "--args", *args, "--"}, server...))
			}})
		if peer != "" {
			scenarios = append(scenarios, scenario{"mcptools call", false, func() error {
				return command(peer, append([]string{"call", *tool, "--params", *args}, server...))
			}})
		}
	}
	times := make([][]time.Duration, len(scenarios))
	for i := 0; i < *n+1; i++ {
		for j, s := range scenarios {
			start := time.Now()
			if err := s.run(); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", s.name, err)
				os.Exit(1)
			}
			if i > 0 { // the first round warms caches
				times[j] = append(times[j], time.Since(start))
			}
		}
	}
	report(scenarios, times)
}

// report prints each scenario's median, mean and minimum, how far each
// client's median lies from the floor of its group, and how far
// toolbench's lies from the peer's.
func report(scenarios []scenario, times [][]time.Duration) {
	fmt.Printf("%-34s %10s %10s %10s\n", "scenario", "median", "mean", "min")
	medians := map[string]time.Duration{}
	for j, s := range scenarios {
		medians[s.name], _, _ = stats(times[j])
	}
	var floorMed time.Duration
	for j, s := range scenarios {
		med, mean, lo := stats(times[j])
		fmt.Printf("%-34s %10s %10s %10s", s.name, ms(med), ms(mean), ms(lo))
		switch {
		case s.floor:
			floorMed = med
		default:
			fmt.Printf("   %+.1f%% vs floor", percent(med, floorMed))
			if peer, ok := medians[strings.Replace(s.name, "toolbench", "mcptools", 1)]; ok && strings.HasPrefix(s.name, "toolbench") {
				fmt.Printf(", %+.1f%% vs mcptools", percent(med, peer))
			}
		}
		fmt.Println()
	}
	fmt.Println("(percentages compare medians)")
}

func percent(a, b time.Duration) float64 { return 100 * (float64(a)/float64(b) - 1) }

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

type scenario struct {
	name string
	// floor marks the raw JSON-RPC exchange the clients after it are
	// compared with.
	floor bool
	run   func() error
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

func command(path string, args []string) error {
	cmd := exec.Command(path, args...)
	cmd.Env = runEnv
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
