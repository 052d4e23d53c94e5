package call

import (
	"sync"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/collection"
)

// testHosts keeps the host rules each test's result broke, by test name.
type testHosts struct {
	mu sync.Mutex
	m  map[string][]host.Finding
}

// note records the findings of one test's result.
func (h *testHosts) note(test string, fs []host.Finding) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.m == nil {
		h.m = map[string][]host.Finding{}
	}
	h.m[test] = fs
}

// all is the findings of every test the report holds, each present (an
// empty array when its result broke nothing or it made no call).
func (h *testHosts) all(r *collection.Report) map[string][]host.Finding {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[string][]host.Finding, len(r.Results))
	for _, res := range r.Results {
		fs := h.m[res.Name]
		if fs == nil {
			fs = []host.Finding{}
		}
		out[res.Name] = fs
	}
	return out
}

// testJSON is the test command's --json: the report, and beside it
// "hosts", the host rules each test's result broke, by test name.
type testJSON struct {
	*collection.Report
	Hosts map[string][]host.Finding `json:"hosts"`
}
