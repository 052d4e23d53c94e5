package schemaform

import (
	"fmt"
	"testing"
)

func TestLRUForgetsTheLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	c := lru[string, int]{limit: 3}
	for i, k := range []string{"a", "b", "c"} {
		c.put(k, i)
	}
	if v, ok := c.get("a"); !ok || v != 0 {
		t.Fatalf("a = %d, %v", v, ok)
	}
	c.put("d", 3) // b is now the least recently used
	c.put("c", 20)
	if _, ok := c.get("b"); ok {
		t.Error("b survived")
	}
	for k, want := range map[string]int{"a": 0, "c": 20, "d": 3} {
		if v, ok := c.get(k); !ok || v != want {
			t.Errorf("%s = %d, %v; want %d", k, v, ok, want)
		}
	}
	for i := range 100 {
		c.put(fmt.Sprint(i), i)
	}
	if c.len() != 3 {
		t.Errorf("len %d after 100 more, want 3", c.len())
	}
}

// TestValidatorCacheIsBounded feeds the validator cache more distinct
// schemas than it holds, as a server can: it stays at its bound, and every
// validator, evicted or not, still judges correctly.
func TestValidatorCacheIsBounded(t *testing.T) {
	t.Parallel()
	const n = validatorCacheSize + 100
	schema := func(i int) []byte { return fmt.Appendf(nil, `{"const": %d, "$comment": "bounded cache test"}`, i) }
	for i := range n {
		if _, err := NewValidator(schema(i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := validatorCache.len(); got != validatorCacheSize {
		t.Errorf("the cache holds %d validators after %d distinct schemas, want its bound %d", got, n, validatorCacheSize)
	}
	for _, i := range []int{0, 1, n / 2, n - 1} {
		v, err := NewValidator(schema(i))
		if err != nil {
			t.Fatal(err)
		}
		if vs, err := v.Validate(fmt.Append(nil, i)); err != nil || len(vs) != 0 {
			t.Errorf("schema %d rejects %d: %v %v", i, i, vs, err)
		}
		if vs, _ := v.Validate(fmt.Append(nil, i+1)); len(vs) == 0 {
			t.Errorf("schema %d accepts %d", i, i+1)
		}
	}
	if got := validatorCache.len(); got > validatorCacheSize {
		t.Errorf("the cache grew to %d", got)
	}
}

// TestPatternCacheIsBounded does the same for patterns, including ones RE2
// cannot compile, whose errors are cached too.
func TestPatternCacheIsBounded(t *testing.T) {
	t.Parallel()
	const n = patternCacheSize + 100
	pattern := func(i int) string { return fmt.Sprintf("^x%dy$", i) }
	for i := range n {
		if _, err := compilePattern(pattern(i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := compilePattern("(?=lookahead)"); err == nil {
		t.Fatal("a lookahead compiled")
	}
	if got := patternCache.len(); got != patternCacheSize {
		t.Errorf("the cache holds %d patterns after %d distinct ones, want its bound %d", got, n, patternCacheSize)
	}
	for _, i := range []int{0, n / 2, n - 1} {
		re, err := compilePattern(pattern(i))
		if err != nil || !re.MatchString(fmt.Sprintf("x%dy", i)) || re.MatchString(fmt.Sprintf("x%dy", i+1)) {
			t.Errorf("pattern %d: %v, %v", i, re, err)
		}
	}
	if _, err := compilePattern("(?=lookahead)"); err == nil {
		t.Error("a cached failure became a success")
	}
}
