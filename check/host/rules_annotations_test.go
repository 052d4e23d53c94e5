package host

import "testing"

// TestAppOnly: only a visibility that leaves the model out fires, each key
// at its own pointer.
func TestAppOnly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		meta string
		want []string
	}{
		{`{"ui":{"resourceUri":"ui://a","visibility":["app"]}}`, []string{ptrUIVisibility}},
		{`{"ui":{"visibility":[]}}`, []string{ptrUIVisibility}},
		{`{"ui":{"resourceUri":"ui://a","visibility":["model","app"]}}`, nil},
		{`{"ui":{"resourceUri":"ui://a"}}`, nil},
		{`{"openai/visibility":"private"}`, []string{ptrOpenAIVisibility}},
		{`{"openai/visibility":"public"}`, nil},
		{`{"openai/visibility":"private","ui":{"visibility":["app"]}}`, []string{ptrUIVisibility, ptrOpenAIVisibility}},
		{`{"ui":{"visibility":"app"},"openai/visibility":7}`, nil},
	}
	for _, c := range cases {
		t.Run(c.meta, func(t *testing.T) {
			t.Parallel()
			hits := detectAppOnly(&Subject{Tool: mustTool(t, `{"name":"w","_meta":`+c.meta+`}`)})
			if len(hits) != len(c.want) {
				t.Fatalf("hits %+v, want at %v", hits, c.want)
			}
			for i, h := range hits {
				if h.Pointer != c.want[i] || h.Detail == "" {
					t.Errorf("hit %d = %+v, want at %s with a detail", i, h, c.want[i])
				}
			}
		})
	}
}
