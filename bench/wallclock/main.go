// Command wallclock measures the wall time of toolbench's scriptable
// commands against a stdio server, next to a raw JSON-RPC floor measured in
// the same run: spawn the server, initialize, send one request, read the
// answer, kill it. The floor is what any client must pay; the difference is
// toolbench's own cost. Runs are interleaved so drift hits every scenario.
//
//	go build -o /tmp/toolbench ./cmd/toolbench
//	go run ./bench/wallclock -toolbench /tmp/toolbench -- node path/to/server-everything/dist/index.js
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
	only := flag.String("only", "", "run only the floor and toolbench scenarios for \"tools\" or \"call\"")
	flag.Parse()
	server := flag.Args()
	if len(server) == 0 {
		fmt.Fprintln(os.Stderr, "usage: wallclock [flags] -- SERVER COMMAND...")
		os.Exit(2)
	}
	call := fmt.Sprintf(`{"name":%q,"arguments":%s}`, *tool, *args)
	scenarios := []scenario{
		{"floor: initialize + tools/list", func() error { return floor(server, "tools/list", `{}`) }},
		{"toolbench tools", func() error { return command(*toolbench, append([]string{"tools", "--"}, server...)) }},
		{"floor: initialize + tools/call", func() error { return floor(server, "tools/call", call) }},
		{"toolbench call", func() error {
			return command(*toolbench, append([]string{"call", *tool, "--args", *args, "--"}, server...))
		}},
	}
	switch *only {
	case "tools":
		scenarios = scenarios[:2]
	case "call":
		scenarios = scenarios[2:]
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
	fmt.Printf("%-34s %10s %10s %10s\n", "scenario", "median", "mean", "min")
	for j, s := range scenarios {
		med, mean, lo := stats(times[j])
		fmt.Printf("%-34s %10s %10s %10s", s.name, ms(med), ms(mean), ms(lo))
		if j%2 == 1 {
			fmed, _, _ := stats(times[j-1])
			fmt.Printf("   %+.1f%% vs floor (median)", 100*(float64(med)/float64(fmed)-1))
		}
		fmt.Println()
	}
}

type scenario struct {
	name string
	run  func() error
}

// floor is the least any stdio client can do for one request.
func floor(server []string, method, params string) error {
	cmd := exec.Command(server[0], server[1:]...)
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
