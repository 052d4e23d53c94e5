package mock

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture/fault"
)

// TestLoadDeepSchemas: a saved tool whose schemas nest 4,000 levels deep
// loads, with warnings naming the depth limit, instead of the mock
// spending minutes compiling them.
func TestLoadDeepSchemas(t *testing.T) {
	t.Parallel()
	deep := fault.DeepSchemaOf(4000)
	s, err := Load([]byte(`{"tools":[{"name":"deep","inputSchema":` + deep + `,"outputSchema":` + deep + `}]}`))
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, w := range s.Warnings {
		if strings.Contains(w, "nested deeper than") {
			named++
		}
	}
	if named < 2 {
		t.Errorf("warnings = %q, want one naming the depth per schema", s.Warnings)
	}
}
