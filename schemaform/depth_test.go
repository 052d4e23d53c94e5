package schemaform

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture/fault"
)

// TestValidatorRefusesDeepSchemas: a schema past MaxSchemaDepth is refused
// before it is compiled (compiling one 300 properties deep took seconds,
// 1,000 deep a minute), naming the depth and where it stopped; one within
// it compiles.
func TestValidatorRefusesDeepSchemas(t *testing.T) {
	t.Parallel()
	_, err := NewValidator(json.RawMessage(fault.DeepSchemaOf(fault.DeepSchemaLevels)))
	var deep *DepthError
	if !errors.As(err, &deep) {
		t.Fatalf("err = %v, want a *DepthError", err)
	}
	// Each level is a schema and its "properties": the 257th object opens
	// at the 128th property "next".
	want := strings.Repeat("/properties/next", 128)
	if deep.Pointer != want || !strings.Contains(err.Error(), "deeper than 256 levels at …") || !strings.HasSuffix(err.Error(), "/properties/next; toolbench does not check schemas this deep") {
		t.Errorf("err = %v\npointer %s\nwant    %s", err, deep.Pointer, want)
	}
	if _, err := NewValidator(json.RawMessage(fault.DeepSchemaOf(MaxSchemaDepth/2 - 1))); err != nil {
		t.Errorf("a schema within the limit: %v", err)
	}
	if _, err := NewValidator(json.RawMessage(`{"type":"array","items":[` + strings.Repeat("[", 300))); err == nil || errors.As(err, &deep) {
		t.Errorf("broken JSON past the limit: %v, want the JSON error", err)
	}
}
