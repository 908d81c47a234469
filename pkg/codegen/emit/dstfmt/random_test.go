package dstfmt_test

import (
	"flag"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/dave/dst"
	"pgregory.net/rapid"
)

// Random expressions, placed where the generator puts expressions, printed both ways. The
// spacing of operators by precedence and nesting, the parentheses and the alignment of keys in
// composite literals have rules enough that hand-picked cases miss some of them.

var (
	randomNames   = []string{"a", "b", "x", "yy", "err", "nil", "longerName", "i"}
	randomStrings = []string{"", "s", "a longer string", "é", "日本語", `with "quotes"`}
	binaryOps     = []token.Token{
		token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.SHL, token.AND, token.OR,
		token.XOR, token.EQL, token.NEQ, token.LSS, token.LAND, token.LOR,
	}
	unaryOps = []token.Token{token.SUB, token.NOT, token.AND, token.ADD, token.XOR}
)

// drawExpr draws an expression of at most depth levels of nesting.
func drawExpr(t *rapid.T, depth int) dst.Expr {
	kinds := 4 // leaves
	if depth > 0 {
		kinds = 15
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
	case 0, 1:
		return id(rapid.SampledFrom(randomNames).Draw(t, "name"))
	case 2:
		if rapid.Bool().Draw(t, "string") {
			return str(rapid.SampledFrom(randomStrings).Draw(t, "string value"))
		}
		return num(rapid.IntRange(0, 1000).Draw(t, "int"))
	case 3:
		return qual(rapid.SampledFrom([]string{runtimePath, "fmt", selfPath}).Draw(t, "package"), "Name")
	case 4, 5, 6:
		return bin(drawExpr(t, depth-1), rapid.SampledFrom(binaryOps).Draw(t, "op"), drawExpr(t, depth-1))
	case 7:
		return unary(rapid.SampledFrom(unaryOps).Draw(t, "unary op"), drawExpr(t, depth-1))
	case 8:
		return star(drawExpr(t, depth-1))
	case 9:
		return &dst.ParenExpr{X: drawExpr(t, depth-1)}
	case 10:
		fun := drawExpr(t, depth-1)
		args := make([]dst.Expr, rapid.IntRange(0, 3).Draw(t, "args"))
		for i := range args {
			args[i] = drawExpr(t, depth-1)
		}
		return call(fun, args...)
	case 11:
		return sel(drawExpr(t, depth-1), rapid.SampledFrom([]string{"F", "Field", "X"}).Draw(t, "selector"))
	case 12:
		return &dst.IndexExpr{X: drawExpr(t, depth-1), Index: drawExpr(t, depth-1)}
	case 13:
		return drawLiteral(t, depth-1)
	default:
		return &dst.TypeAssertExpr{X: drawExpr(t, depth-1), Type: star(qual(runtimePath, "T"))}
	}
}

// drawLiteral draws a composite literal: keyed (field names of 1 to 80 bytes, or strings of a
// map) or not, on one line or one element per line with the odd blank line between elements.
func drawLiteral(t *rapid.T, depth int) *dst.CompositeLit {
	n := rapid.IntRange(0, 8).Draw(t, "elements")
	style := rapid.IntRange(0, 2).Draw(t, "element style")
	var typ dst.Expr = id("T")
	if style == 2 {
		typ = &dst.MapType{Key: id("string"), Value: id("any")}
	}
	l := lit(typ)
	for range n {
		value := drawExpr(t, depth)
		switch style {
		case 0:
			key := strings.Repeat("k", rapid.IntRange(1, 80).Draw(t, "key length"))
			l.Elts = append(l.Elts, kv(key, value))
		case 1:
			l.Elts = append(l.Elts, value)
		case 2:
			key := strings.Repeat("s", rapid.IntRange(0, 80).Draw(t, "key length"))
			l.Elts = append(l.Elts, &dst.KeyValueExpr{Key: str(key), Value: value})
		}
	}
	if n == 0 || rapid.IntRange(0, 3).Draw(t, "one per line") == 0 {
		return l
	}
	perLine(l)
	for _, e := range l.Elts[1:] {
		if rapid.IntRange(0, 9).Draw(t, "blank line") == 0 {
			e.Decorations().Before = dst.EmptyLine
		}
	}
	return l
}

// drawFile draws a file that holds random expressions in a function body (assigned, as
// arguments of a call statement, as an if condition) and in top-level vars.
func drawFile(t *rapid.T) *dst.File {
	const depth = 4
	var stmts []dst.Stmt
	for range rapid.IntRange(1, 16).Draw(t, "statements") {
		switch rapid.IntRange(0, 3).Draw(t, "statement") {
		case 0:
			stmts = append(stmts, assign(id("_"), token.ASSIGN, drawExpr(t, depth)))
		case 1:
			args := make([]dst.Expr, rapid.IntRange(1, 2).Draw(t, "call args"))
			for i := range args {
				args[i] = drawExpr(t, depth)
			}
			stmts = append(stmts, &dst.ExprStmt{X: call(id("use"), args...)})
		case 2:
			cond := drawExpr(t, depth)
			for {
				// dstfmt refuses a parenthesised condition, whose parentheses gofmt may drop.
				paren, ok := cond.(*dst.ParenExpr)
				if !ok {
					break
				}
				cond = paren.X
			}
			stmts = append(stmts, &dst.IfStmt{Cond: cond, Body: block(ret())})
		case 3:
			// Literals are rare deep in expressions; their layout needs many.
			stmts = append(stmts, assign(id("_"), token.ASSIGN, drawLiteral(t, 2)))
		}
	}
	decls := []dst.Decl{function("f", nil, nil, stmts...)}
	for range rapid.IntRange(1, 4).Draw(t, "vars") {
		var value dst.Expr = drawLiteral(t, 2)
		if rapid.Bool().Draw(t, "var of any expression") {
			value = drawExpr(t, depth)
		}
		decls = append(decls, &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{valueSpec("v", nil, value)}})
	}
	return newFile("v1api", nil, decls...)
}

// TestMain raises rapid's number of draws a property from 100 to 2000, unless -rapid.checks or
// RAPID_CHECKS sets it: some mismatches took several hundred draws to turn up. Both properties
// take about a second together.
func TestMain(m *testing.M) {
	flag.Parse()
	set := os.Getenv("RAPID_CHECKS") != ""
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set {
		if err := flag.Set("rapid.checks", "2000"); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

func TestRandomExpressionsMatchGoPrinter(t *testing.T) {
	checkRandomFiles(t, drawFile)
}

// checkRandomFiles holds dstfmt to the reference on the files draw draws.
func checkRandomFiles(t *testing.T, draw func(*rapid.T) *dst.File) {
	var draws int
	refused := make(map[string]int)
	rapid.Check(t, func(t *rapid.T) {
		f := draw(t)
		build := func() *dst.File { return dst.Clone(f).(*dst.File) }
		diff, unsupported, err := compare(build, testImports)
		draws++
		switch {
		case unsupported:
			refused[err.Error()]++
		case err != nil:
			t.Fatal(err)
		case diff != "":
			t.Fatalf("dstfmt differs from go/printer (-go/printer +dstfmt):\n%s", diff)
		}
	})
	if t.Failed() {
		return
	}
	// Refusing is allowed (the caller takes the long way), but a test that mostly draws what
	// dstfmt refuses would hold nothing.
	total := 0
	reasons := make([]string, 0, len(refused))
	for reason, n := range refused {
		total += n
		reasons = append(reasons, reason)
	}
	sort.Strings(reasons)
	t.Logf("%d of %d draws refused: %q", total, draws, reasons)
	if total*20 > draws {
		t.Errorf("%d of %d draws were refused as unsupported, more than 5%%: %q", total, draws, reasons)
	}
}

// Random declarations: struct types and const or var groups, whose members gofmt lines up in
// columns broken by comments, blank lines and members over several lines.

// drawName draws an identifier of 1 to 30 bytes.
func drawName(t *rapid.T, label string) *dst.Ident {
	return id(strings.Repeat("n", rapid.IntRange(1, 30).Draw(t, label)))
}

// drawType draws a type expression written on one line.
func drawType(t *rapid.T) dst.Expr {
	switch rapid.IntRange(0, 5).Draw(t, "type") {
	case 0:
		return id(rapid.SampledFrom([]string{"int", "string", "bool", "float64"}).Draw(t, "type name"))
	case 1:
		return star(qual(rapid.SampledFrom([]string{runtimePath, storagePath, metaPath, selfPath}).Draw(t, "package"), "Type"))
	case 2:
		return &dst.ArrayType{Elt: id("byte")}
	case 3:
		return &dst.MapType{Key: id("string"), Value: star(id("T"))}
	case 4:
		return &dst.FuncType{Params: fields(field("", id("string"), "")), Results: fields(field("", id("error"), ""))}
	default:
		return qual(metaPath, "ObjectMeta")
	}
}

// drawMember sets the space and comments before the i-th member of a group.
func drawMember(t *rapid.T, decs *dst.NodeDecs, i int) {
	spaces := []dst.SpaceType{dst.None, dst.NewLine, dst.EmptyLine}
	if i == 0 {
		// A blank line opening a group is not a form the generator writes; dstfmt refuses it.
		spaces = spaces[:2]
	}
	decs.Before = rapid.SampledFrom(spaces).Draw(t, "space before")
	if decs.Before == dst.None {
		// Comments would go on the line before, after the previous member: dstfmt refuses that.
		return
	}
	for range rapid.IntRange(0, 4).Draw(t, "comment lines") / 2 {
		decs.Start.Append("// " + rapid.SampledFrom([]string{"A comment.", "+kubebuilder:validation:Required", "- a list item"}).Draw(t, "comment"))
	}
}

// drawStruct draws a struct of fields with 0 to 2 names, a type and perhaps a tag.
func drawStruct(t *rapid.T) *dst.StructType {
	st := structOf()
	for i := range rapid.IntRange(0, 8).Draw(t, "fields") {
		f := &dst.Field{Type: drawType(t)}
		for range rapid.IntRange(0, 4).Draw(t, "field names") / 2 {
			f.Names = append(f.Names, drawName(t, "field name"))
		}
		if rapid.Bool().Draw(t, "tagged") {
			f.Tag = tag(`json:"` + strings.Repeat("t", rapid.IntRange(0, 20).Draw(t, "tag length")) + `"`)
		}
		drawMember(t, &f.Decs.NodeDecs, i)
		st.Fields.List = append(st.Fields.List, f)
	}
	return st
}

// drawGroup draws a const or var group of specs with and without types and values; a value
// may be a literal over several lines.
func drawGroup(t *rapid.T) *dst.GenDecl {
	d := group(rapid.SampledFrom([]token.Token{token.CONST, token.VAR}).Draw(t, "group"))
	for i := range rapid.IntRange(2, 8).Draw(t, "specs") {
		s := &dst.ValueSpec{}
		for range rapid.IntRange(1, 2).Draw(t, "spec names") {
			s.Names = append(s.Names, drawName(t, "spec name"))
		}
		withValues := rapid.IntRange(0, 3).Draw(t, "values") > 0
		if !withValues || rapid.Bool().Draw(t, "typed") {
			s.Type = drawType(t)
		}
		if withValues {
			for range s.Names {
				s.Values = append(s.Values, drawExpr(t, 2))
			}
		}
		drawMember(t, &s.Decs.NodeDecs, i)
		d.Specs = append(d.Specs, s)
	}
	return d
}

// drawDeclFile draws a file of a struct type, a group, and a function declaring a variable of
// a struct type.
func drawDeclFile(t *rapid.T) *dst.File {
	probe := &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{valueSpec("probe", drawStruct(t))}}}
	fn := function("f", nil, nil, probe, assign(id("_"), token.ASSIGN, id("probe")))
	return newFile("v1api", nil, typeDecl("T", drawStruct(t)), drawGroup(t), fn)
}

func TestRandomDeclarationsMatchGoPrinter(t *testing.T) {
	checkRandomFiles(t, drawDeclFile)
}
