package mock

import (
	"context"
	"fmt"
	"os"
	"testing"
)

// envServe names a tools file; the test binary then serves it on stdio.
const envServe = "TOOLBENCH_MOCK_SERVE"

func TestMain(m *testing.M) {
	// The test binary doubles as a stdio mock server, so stdio is tested
	// through a real child process and real pipes.
	if path := os.Getenv(envServe); path != "" {
		os.Exit(serveFile(path))
	}
	os.Exit(m.Run())
}

func serveFile(path string) int {
	data, err := os.ReadFile(path)
	if err == nil {
		var s *Server
		if s, err = Load(data); err == nil {
			err = s.ServeStdio(context.Background(), os.Stdin, os.Stdout)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mock:", err)
		return 1
	}
	return 0
}
