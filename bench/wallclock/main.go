// Command wallclock measures the wall time of toolbench's scriptable
// commands against a stdio server, next to a raw JSON-RPC floor and a peer
// client (mcptools, Go, on mcp-go) measured in the same run. The floor is
// the least any client must pay: spawn the server, initialize, send one
// request, read the answer, kill it; the difference is a client's own
// cost. Runs are interleaved so drift hits every scenario alike.
//
//	go build -o /tmp/toolbench ./cmd/toolbench
//	go run ./bench/wallclock -toolbench /tmp/toolbench -- node path/to/server-everything/dist/index.js
//
// -fresh-cache times first contact: every client run gets an empty cache
// directory, so toolbench remembers neither the server's era nor its
// tools. Against a legacy server that never answers server/discover:
//
//	go test -c -o /tmp/client.test ./client
//	go run ./bench/wallclock -fresh-cache -only tools -no-peer -toolbench /tmp/toolbench -- \
//	  env TOOLBENCH_FIXTURE_SERVE=era TOOLBENCH_FIXTURE_ERA=silent-discover /tmp/client.test
//
// -toolbench may be repeated as NAME=PATH to time builds side by side
// (-toolbench before=/tmp/tb-old -toolbench after=/tmp/tb). mcptools is
// taken from -mcptools PATH, else built once from the Go module proxy into
// the user cache; without it the run reports the floor and toolbench.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	var builds buildList
	n := flag.Int("n", 20, "runs per scenario")
	flag.Var(&builds, "toolbench", "a toolbench binary to time, PATH or NAME=PATH (repeatable; default: toolbench on PATH)")
	tool := flag.String("tool", "get-sum", "tool to call")
	args := flag.String("args", `{"a":1,"b":2}`, "arguments of the call")
	only := flag.String("only", "", "run only the scenarios of \"tools\" or of \"call\"")
	mcptoolsPath := flag.String("mcptools", "", "the mcptools binary to time beside toolbench (default: build "+mcptoolsVersion+" into the cache)")
	noPeer := flag.Bool("no-peer", false, "time only the floor and toolbench")
	inherit := flag.Bool("inherit-env", false, "run every process with this environment instead of a clean one")
	flag.BoolVar(&freshCache, "fresh-cache", false, "give every client run an empty XDG_CACHE_HOME: first contact, nothing remembered")
	flag.Parse()
	if !*inherit {
		runEnv = cleanEnv()
	}
	server := flag.Args()
	if len(server) == 0 {
		fmt.Fprintln(os.Stderr, "usage: wallclock [flags] -- SERVER COMMAND...")
		os.Exit(2)
	}
	if len(builds) == 0 {
		builds = buildList{{name: "toolbench", path: "toolbench"}}
	}
	peer := ""
	if !*noPeer {
		var why string
		if peer, why = findMcptools(*mcptoolsPath); peer == "" {
			fmt.Fprintf(os.Stderr, "wallclock: without mcptools: %s\n", why)
		}
	}
	var scenarios []scenario
	if *only != "call" {
		scenarios = append(scenarios, listScenarios(server, builds, peer)...)
	}
	if *only != "tools" {
		scenarios = append(scenarios, callScenarios(server, builds, peer, *tool, *args)...)
	}
	report(scenarios, measure(scenarios, *n))
}

// build is one toolbench binary under test.
type build struct{ name, path string }

// buildList collects repeated -toolbench flags.
type buildList []build

// String implements flag.Value.
func (b *buildList) String() string { return fmt.Sprint(*b) }

// Set implements flag.Value: PATH, or NAME=PATH.
func (b *buildList) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok {
		name, path = "toolbench", v
	} else {
		name = "toolbench " + name
	}
	*b = append(*b, build{name: name, path: path})
	return nil
}

// listScenarios time initialize + tools/list.
func listScenarios(server []string, builds []build, peer string) []scenario {
	out := []scenario{{name: "floor: initialize + tools/list", floor: true,
		run: func() error { return floor(server, "tools/list", `{}`) }}}
	for _, b := range builds {
		out = append(out, scenario{name: b.name + " tools",
			run: func() error { return command(b.path, append([]string{"tools", "--"}, server...)) }})
	}
	if peer != "" {
		out = append(out, scenario{name: "mcptools tools", peer: true,
			run: func() error { return command(peer, append([]string{"tools"}, server...)) }})
	}
	return out
}

// callScenarios time initialize + one tools/call.
func callScenarios(server []string, builds []build, peer, tool, args string) []scenario {
	call := fmt.Sprintf(`{"name":%q,"arguments":%s}`, tool, args)
	out := []scenario{{name: "floor: initialize + tools/call", floor: true,
		run: func() error { return floor(server, "tools/call", call) }}}
	for _, b := range builds {
		out = append(out, scenario{name: b.name + " call",
			run: func() error { return command(b.path, append([]string{"call", tool, "--args", args, "--"}, server...)) }})
	}
	if peer != "" {
		out = append(out, scenario{name: "mcptools call", peer: true,
			run: func() error { return command(peer, append([]string{"call", tool, "--params", args}, server...)) }})
	}
	return out
}

// measure runs every scenario n+1 times, interleaved; the first round
// warms caches and is not kept.
func measure(scenarios []scenario, n int) [][]time.Duration {
	times := make([][]time.Duration, len(scenarios))
	for i := 0; i < n+1; i++ {
		for j, s := range scenarios {
			start := time.Now()
			if err := s.run(); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", s.name, err)
				os.Exit(1)
			}
			if i > 0 {
				times[j] = append(times[j], time.Since(start))
			}
		}
	}
	return times
}

// report prints each scenario's median, mean and minimum, how far each
// client's median lies from the floor of its group, and how far each
// toolbench build's lies from the peer's.
func report(scenarios []scenario, times [][]time.Duration) {
	fmt.Printf("%-34s %10s %10s %10s\n", "scenario", "median", "mean", "min")
	var floorMed, peerMed time.Duration
	for j, s := range scenarios {
		med, mean, lo := stats(times[j])
		if s.floor {
			floorMed, peerMed = med, 0
			for k := j + 1; k < len(scenarios) && !scenarios[k].floor; k++ {
				if scenarios[k].peer {
					peerMed, _, _ = stats(times[k])
				}
			}
		}
		fmt.Printf("%-34s %10s %10s %10s", s.name, ms(med), ms(mean), ms(lo))
		if !s.floor {
			fmt.Printf("   %+.1f%% vs floor", percent(med, floorMed))
			if !s.peer && peerMed > 0 {
				fmt.Printf(", %+.1f%% vs mcptools", percent(med, peerMed))
			}
		}
		fmt.Println()
	}
	fmt.Println("(percentages compare medians)")
}

func percent(a, b time.Duration) float64 { return 100 * (float64(a)/float64(b) - 1) }

type scenario struct {
	name string
	// floor marks the raw JSON-RPC exchange the clients after it are
	// compared with; peer marks the client toolbench is compared with.
	floor, peer bool
	run         func() error
}
