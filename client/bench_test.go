package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// BenchmarkConnectList measures a whole session on each transport: start or
// reach the fixture, initialize, list every tool, close.
func BenchmarkConnectList(b *testing.B) {
	for _, kind := range transports {
		b.Run(kind, func(b *testing.B) {
			tgt := benchTarget(b, kind)
			b.ReportAllocs()
			for b.Loop() {
				s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 10 * time.Second})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.ListTools(context.Background()); err != nil {
					b.Fatal(err)
				}
				_ = s.Close()
			}
		})
	}
}

// BenchmarkListTools measures listing on an open session.
func BenchmarkListTools(b *testing.B) {
	for _, kind := range transports {
		b.Run(kind, func(b *testing.B) {
			s, err := client.Connect(context.Background(), benchTarget(b, kind), client.Options{Timeout: 10 * time.Second})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.ListTools(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchTarget(b *testing.B, kind string) target.Target {
	b.Helper()
	if kind == "stdio" {
		path, env := fixture.Command("")
		return target.Target{Transport: target.Stdio, Command: path, Env: env}
	}
	start, transport := fixture.StartHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, transport = fixture.StartSSE, target.SSE
	}
	url, stop, err := start(fixture.NewServer())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(stop)
	return target.Target{Transport: transport, URL: url}
}
