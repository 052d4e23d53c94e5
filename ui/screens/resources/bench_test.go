package resources

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// manyResources makes n resources with varied names and URIs.
func manyResources(n int) []client.Resource {
	out := make([]client.Resource, n)
	for i := range out {
		kind := []string{"report", "invoice", "photo", "note"}[i%4]
		size := int64(i * 37)
		out[i] = client.Resource{URI: fmt.Sprintf("demo://store/%s/%05d", kind, i), Name: fmt.Sprintf("%s_%05d", kind, i),
			MIMEType: "text/plain", Size: &size}
	}
	return out
}

// benchScreen is the screen at 120×28, listed with resources; its
// commands are not run.
func benchScreen(b *testing.B, resources []client.Resource) *Screen {
	b.Helper()
	s := New(Deps{Styles: theme.New(theme.DefaultPalette(true)), Evidence: func(error) []string { return nil },
		Session: func() (Session, int) { return nil, 1 }})
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 28})
	s.listing.Loading = 1
	s.Update(loadedMsg{req: 1, gen: 1, resources: resources})
	return s
}

// press is the key press name stands for.
func press(name string) tea.KeyPressMsg {
	k, _ := screen.Press(name)
	return k
}

// BenchmarkResourcesFirstFrame10k: 10,000 resources arrive and the first
// frame of the resources screen is drawn.
func BenchmarkResourcesFirstFrame10k(b *testing.B) {
	resources := manyResources(10000)
	s := benchScreen(b, nil)
	b.ReportAllocs()
	for b.Loop() {
		s.listing.Loading = 1
		s.Update(loadedMsg{req: 1, gen: 1, resources: resources})
		_ = s.View(120, 28)
	}
}

// BenchmarkResourcesFilterKeystroke10k: one more letter in the resources
// filter, then a frame; like the tool list's, the first letter matches a
// quarter of the entries ("v": the invoices).
func BenchmarkResourcesFilterKeystroke10k(b *testing.B) {
	s := benchScreen(b, manyResources(10000))
	s.Update(press("/"))
	s.Update(press("v"))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := "o"
		if i%2 == 1 {
			k = "backspace"
		}
		s.Update(press(k))
		_ = s.View(120, 28)
	}
}

// BenchmarkResourcesFilterFirstKey10k: the first letter searches all
// 10,000 resources; "v" matches a quarter of them, "o" every one (the
// worst case: each match is scored and sorted).
func BenchmarkResourcesFilterFirstKey10k(b *testing.B) {
	for _, letter := range []string{"v", "o"} {
		b.Run(letter, func(b *testing.B) {
			s := benchScreen(b, manyResources(10000))
			s.Update(press("/"))
			b.ReportAllocs()
			for b.Loop() {
				s.Update(press(letter))
				_ = s.View(120, 28)
				b.StopTimer()
				s.Update(press("backspace"))
				b.StartTimer()
			}
		})
	}
}

// BenchmarkHugeRead: a 20 MB text resource. Reading and rendering run in
// a command; the UI goroutine pays for taking the reply and drawing a
// frame.
func BenchmarkHugeRead(b *testing.B) {
	s := benchScreen(b, manyResources(10))
	text := strings.Repeat("a line of text from a resource, long enough to wrap at eighty columns or so....\n", 20<<20/82)
	res := &client.ReadResult{Contents: []client.ResourceContents{{URI: "demo://big", MIMEType: "text/plain", Text: text}}}
	lines := render.ReadLines(s.st, viewOf(res), s.width)
	b.Run("reply", func(b *testing.B) {
		for b.Loop() {
			s.read = &read{req: 1, uri: "demo://big", width: s.width}
			s.read.view.Keys = s.keys.Read.Nav
			s.mode = modeRead
			s.Update(readMsg{req: 1, res: res, lines: lines, width: s.width})
		}
	})
	b.Run("frame", func(b *testing.B) {
		for b.Loop() {
			_ = s.View(120, 28)
		}
	})
	b.Run("keystroke", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			k := "pgdown"
			if i%2 == 1 {
				k = "pgup"
			}
			s.Update(press(k))
			_ = s.View(120, 28)
		}
	})
	b.Run("render-in-command", func(b *testing.B) {
		for b.Loop() {
			_ = render.ReadLines(s.st, viewOf(res), s.width)
		}
	})
}
