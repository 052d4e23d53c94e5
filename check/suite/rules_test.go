package suite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
)

func TestRuleIDsAreUniqueAndDescribed(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule %q is registered twice", r.ID)
		}
		seen[r.ID] = true
		if r.Summary == "" || !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("rule %q: summary %q is not a sentence", r.ID, r.Summary)
		}
		if r.Severity < check.Error || r.Severity > check.Info {
			t.Errorf("rule %q: severity %v", r.ID, r.Severity)
		}
	}
	if _, ok := Rule("convert-output-schema-dropped"); !ok {
		t.Error("convert-output-schema-dropped is not registered")
	}
	if _, ok := Rule("no-such-rule"); ok {
		t.Error("Rule found an id nobody registered")
	}
}

// TestFindingsComeFromRuleIDs reads the source of check and the packages
// below it: a Finding's Rule may be set only by check.RuleID.Finding, so
// every finding is made from a registered rule. Anything else that sets
// Rule (a composite literal with a Rule key, an assignment to .Rule) could
// emit an id no registry lists.
func TestFindingsComeFromRuleIDs(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && isRuleIDFinding(fn) && filepath.Clean(path) == filepath.Join("..", "rule.go") {
				continue
			}
			if ok && isHostRuleFinding(fn) && filepath.Clean(path) == filepath.Join("..", "host", "rule.go") {
				continue
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				if pos, ok := setsRule(n); ok {
					t.Errorf("%s sets a Finding's Rule outside check.RuleID.Finding", fset.Position(pos))
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isHostRuleFinding reports whether fn is the method (*host.Rule).finding,
// which makes a host finding from the id the registry gave its rule.
func isHostRuleFinding(fn *ast.FuncDecl) bool {
	if fn.Recv == nil || fn.Name.Name != "finding" || len(fn.Recv.List) != 1 {
		return false
	}
	star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "Rule"
}

// isRuleIDFinding reports whether fn is the method RuleID.Finding.
func isRuleIDFinding(fn *ast.FuncDecl) bool {
	if fn.Recv == nil || fn.Name.Name != "Finding" || len(fn.Recv.List) != 1 {
		return false
	}
	id, ok := fn.Recv.List[0].Type.(*ast.Ident)
	return ok && id.Name == "RuleID"
}

// setsRule reports a composite literal of a Finding with a Rule key, or an
// assignment to a field named Rule.
func setsRule(n ast.Node) (token.Pos, bool) {
	switch n := n.(type) {
	case *ast.CompositeLit:
		if !isFindingType(n.Type) {
			return 0, false
		}
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Rule" {
					return kv.Pos(), true
				}
			}
		}
		// An unkeyed Finding literal sets Rule by position.
		if len(n.Elts) > 0 {
			if _, keyed := n.Elts[0].(*ast.KeyValueExpr); !keyed {
				return n.Pos(), true
			}
		}
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rule" {
				return lhs.Pos(), true
			}
		}
	}
	return 0, false
}

func isFindingType(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "Finding"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Finding"
	}
	return false
}
