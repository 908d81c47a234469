package dstfmt_test

import (
	"errors"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/codegen/emit/dstfmt"
)

// The packages the test files refer to: the file's own package, two of the standard library,
// and three domain packages, one of which the import names (an alias).
const (
	selfPath    = "github.com/armgen/armgen-bench/all/network/v1api"
	runtimePath = "github.com/armgen/armgen/pkg/genruntime"
	metaPath    = "k8s.io/apimachinery/pkg/apis/meta/v1"
	storagePath = "github.com/armgen/armgen-bench/all/network/v1api/storage"
)

var testImports = imports{
	self: selfPath,
	names: map[string]string{
		selfPath:    "v1api",
		"fmt":       "fmt",
		"strings":   "strings",
		runtimePath: "genruntime",
		metaPath:    "metav1",
		storagePath: "storage",
	},
	aliases: map[string]bool{metaPath: true},
}

// Node builders. Each call makes new nodes: a dst node may appear only once in a tree.

func id(name string) *dst.Ident { return dst.NewIdent(name) }

// qual is name in the package at path.
func qual(path, name string) *dst.Ident { return &dst.Ident{Name: name, Path: path} }

func num(n int) *dst.BasicLit { return &dst.BasicLit{Kind: token.INT, Value: strconv.Itoa(n)} }

func str(s string) *dst.BasicLit { return &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(s)} }

func tag(s string) *dst.BasicLit { return &dst.BasicLit{Kind: token.STRING, Value: "`" + s + "`"} }

func sel(x dst.Expr, names ...string) dst.Expr {
	for _, n := range names {
		x = &dst.SelectorExpr{X: x, Sel: id(n)}
	}
	return x
}

func call(fun dst.Expr, args ...dst.Expr) *dst.CallExpr { return &dst.CallExpr{Fun: fun, Args: args} }

func bin(x dst.Expr, op token.Token, y dst.Expr) *dst.BinaryExpr {
	return &dst.BinaryExpr{X: x, Op: op, Y: y}
}

func unary(op token.Token, x dst.Expr) *dst.UnaryExpr { return &dst.UnaryExpr{Op: op, X: x} }

func star(x dst.Expr) *dst.StarExpr { return &dst.StarExpr{X: x} }

func kv(key string, value dst.Expr) *dst.KeyValueExpr {
	return &dst.KeyValueExpr{Key: id(key), Value: value}
}

// lit builds T{elts}; nil t leaves the type out.
func lit(t dst.Expr, elts ...dst.Expr) *dst.CompositeLit {
	return &dst.CompositeLit{Type: t, Elts: elts}
}

// perLine puts each element of a literal on a line of its own, as the generator does.
func perLine(l *dst.CompositeLit) *dst.CompositeLit {
	for _, e := range l.Elts {
		e.Decorations().Before = dst.NewLine
		e.Decorations().After = dst.NewLine
	}
	return l
}

func field(name string, t dst.Expr, tagValue string) *dst.Field {
	f := &dst.Field{Type: t}
	if name != "" {
		f.Names = []*dst.Ident{id(name)}
	}
	if tagValue != "" {
		f.Tag = tag(tagValue)
	}
	return f
}

func fields(fs ...*dst.Field) *dst.FieldList { return &dst.FieldList{List: fs} }

func structOf(fs ...*dst.Field) *dst.StructType { return &dst.StructType{Fields: fields(fs...)} }

func typeDecl(name string, t dst.Expr, doc ...string) *dst.GenDecl {
	d := &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{&dst.TypeSpec{Name: id(name), Type: t}}}
	d.Decs.Start = doc
	return d
}

func valueSpec(name string, t dst.Expr, values ...dst.Expr) *dst.ValueSpec {
	return &dst.ValueSpec{Names: []*dst.Ident{id(name)}, Type: t, Values: values}
}

func group(tok token.Token, specs ...dst.Spec) *dst.GenDecl {
	return &dst.GenDecl{Tok: tok, Lparen: true, Rparen: true, Specs: specs}
}

func assign(lhs dst.Expr, tok token.Token, rhs dst.Expr) *dst.AssignStmt {
	return &dst.AssignStmt{Lhs: []dst.Expr{lhs}, Tok: tok, Rhs: []dst.Expr{rhs}}
}

func ret(xs ...dst.Expr) *dst.ReturnStmt { return &dst.ReturnStmt{Results: xs} }

func block(list ...dst.Stmt) *dst.BlockStmt { return &dst.BlockStmt{List: list} }

// function builds func name(params) results { body } with each statement on a line of its
// own, as the generator's function helper does.
func function(name string, params, results *dst.FieldList, body ...dst.Stmt) *dst.FuncDecl {
	for _, s := range body {
		s.Decorations().Before = dst.NewLine
		s.Decorations().After = dst.NewLine
	}
	if params == nil {
		params = fields()
	}
	return &dst.FuncDecl{Name: id(name), Type: &dst.FuncType{Params: params, Results: results}, Body: block(body...)}
}

// method is function with the receiver (recv *T).
func method(recv, typ, name string, params, results *dst.FieldList, body ...dst.Stmt) *dst.FuncDecl {
	fn := function(name, params, results, body...)
	fn.Recv = fields(field(recv, star(id(typ)), ""))
	return fn
}

// commented gives a node doc lines and the space before it.
func commented[N dst.Node](n N, before dst.SpaceType, lines ...string) N {
	n.Decorations().Before = before
	n.Decorations().Start = lines
	return n
}

// headerOf builds a method with an empty body whose header, from func to the result, is size
// bytes long: a parameter name makes up the size.
func headerOf(size int) *dst.FuncDecl {
	name := strings.Repeat("p", size-len("func (r *Resource) Name( int) error"))
	return method("r", "Resource", "Name", fields(field(name, id("int"), "")), fields(field("", id("error"), "")))
}

// fileCase is a file both printers must print alike; build makes a new tree each call.
type fileCase struct {
	name  string
	build func() *dst.File
}

// decls makes a case of a file of package v1api with the declarations mk makes.
func decls(name string, mk func() []dst.Decl) fileCase {
	return fileCase{name: name, build: func() *dst.File { return newFile("v1api", nil, mk()...) }}
}

// one is decls of a single declaration.
func one(name string, mk func() dst.Decl) fileCase {
	return decls(name, func() []dst.Decl { return []dst.Decl{mk()} })
}

// body is a case of a method whose body holds the statements mk makes.
func body(name string, mk func() []dst.Stmt) fileCase {
	return one(name, func() dst.Decl {
		return method("r", "Resource", "Check", fields(field("x", id("int"), "")), fields(field("", id("error"), "")), mk()...)
	})
}

// exprs is a case of a function whose body assigns each expression mk makes to _, and a
// top-level var holding the first.
func exprs(name string, mk func() []dst.Expr) fileCase {
	return decls(name, func() []dst.Decl {
		var stmts []dst.Stmt
		for _, x := range mk() {
			stmts = append(stmts, assign(id("_"), token.ASSIGN, x))
		}
		v := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{valueSpec("value", nil, mk()[0])}}
		return []dst.Decl{function("f", nil, nil, stmts...), v}
	})
}

func TestMatchesGoPrinter(t *testing.T) {
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			matchesReference(t, c.build, testImports)
		})
	}
}

// cases are the files TestMatchesGoPrinter prints.
func cases() []fileCase {
	return []fileCase{
		// Struct types: names, types and tags in columns, sections split by comments and blank
		// lines.
		one("struct field alignment", func() dst.Decl {
			return typeDecl("Resource", structOf(
				field("", qual(metaPath, "TypeMeta"), `json:",inline"`),
				field("", qual(runtimePath, "Base"), ""),
				field("Name", id("string"), `json:"name,omitempty"`),
				field("ID", star(id("string")), ""),
				field("LongerFieldName", &dst.ArrayType{Elt: qual(storagePath, "Thing")}, `json:"longerFieldName"`),
				field("M", &dst.MapType{Key: id("string"), Value: id("int")}, `json:"m"`),
				field("", star(id("Embedded")), `json:"embedded"`),
				field("Count", id("int"), ""),
			), "// Resource is a resource.")
		}),
		// A swagger description may hold U+FFFD (a Data Protection recommended action's):
		// printed as go/printer prints it, not refused.
		one("comment holding a replacement character", func() dst.Decl {
			return typeDecl("Replaced", structOf(field("Name", id("string"), `json:"name"`)), "// Replaced: RecommendedAction \ufffd localized.")
		}),
		one("struct with one field", func() dst.Decl {
			return typeDecl("One", structOf(field("Name", id("string"), `json:"name"`)))
		}),
		one("struct with one untagged field", func() dst.Decl {
			return typeDecl("One", structOf(field("Name", id("string"), "")))
		}),
		one("struct with one embedded field", func() dst.Decl {
			return typeDecl("One", structOf(field("", qual(runtimePath, "Base"), `json:",inline"`)))
		}),
		one("empty struct", func() dst.Decl { return typeDecl("Empty", structOf()) }),
		one("struct fields with doc comments", func() dst.Decl {
			return typeDecl("Documented", structOf(
				commented(field("A", id("string"), `json:"a,omitempty"`), dst.NewLine, "// A is the first.", "// +kubebuilder:validation:Required"),
				commented(field("LongName", star(id("int")), `json:"longName,omitempty"`), dst.EmptyLine, "// LongName is the second."),
				commented(field("B", id("bool"), `json:"b"`), dst.NewLine),
				commented(field("Cee", id("bool"), ""), dst.NewLine),
				commented(field("D", id("float64"), `json:"d"`), dst.EmptyLine),
				commented(field("Eeeeee", id("float64"), `json:"eeeeee"`), dst.NewLine, "// Eeeeee has a comment."),
			), "// Documented has fields with comments.", "// +kubebuilder:object:root=true")
		}),
		one("struct field of slice type", func() dst.Decl {
			return typeDecl("Outer", structOf(field("Inner", &dst.ArrayType{Elt: star(id("Inner"))}, `json:"inner"`), field("X", id("int"), "")))
		}),
		one("type alias", func() dst.Decl {
			d := typeDecl("Alias", qual(storagePath, "Thing"))
			d.Specs[0].(*dst.TypeSpec).Assign = true
			return d
		}),

		// Const and var groups: names, types and values in columns.
		one("const group with types", func() dst.Decl {
			return group(token.CONST,
				valueSpec("ModeA", id("Mode"), str("A")),
				valueSpec("ModeLonger", id("Mode"), str("Longer")),
				valueSpec("ModeB", id("Mode"), str("B")),
			)
		}),
		one("const group without types", func() dst.Decl {
			return group(token.CONST,
				valueSpec("a", nil, num(1)),
				valueSpec("bbbbbb", nil, num(2)),
			)
		}),
		one("const group with some types", func() dst.Decl {
			// One typed spec keeps an empty type column for its run of specs with values.
			return group(token.CONST,
				valueSpec("a", nil, num(1)),
				valueSpec("bbbb", id("int"), num(2)),
				valueSpec("c", nil, num(3)),
				valueSpec("d", id("int")),
				valueSpec("eeeeee", nil, num(5)),
				valueSpec("f", nil, num(6)),
			)
		}),
		one("var group with doc comments", func() dst.Decl {
			return group(token.VAR,
				commented(valueSpec("GroupVersion", nil, lit(qual(runtimePath, "GroupVersion"), kv("Group", str("network")), kv("Version", str("v1")))), dst.NewLine, "// GroupVersion is the group and version."),
				commented(valueSpec("SchemeBuilder", nil, unary(token.AND, lit(qual(runtimePath, "Builder"), kv("GroupVersion", id("GroupVersion"))))), dst.NewLine, "// SchemeBuilder collects the kinds."),
				commented(valueSpec("AddToScheme", nil, sel(id("SchemeBuilder"), "AddToScheme")), dst.NewLine, "// AddToScheme adds the kinds."),
			)
		}),
		one("var group without comments", func() dst.Decl {
			return group(token.VAR,
				valueSpec("x", id("int")),
				valueSpec("longer", id("string")),
				valueSpec("y", nil, num(3)),
				valueSpec("zz", star(id("int")), id("nil")),
			)
		}),
		one("var group with a multi-line value", func() dst.Decl {
			return group(token.VAR,
				valueSpec("a", nil, num(1)),
				valueSpec("table", nil, perLine(lit(&dst.MapType{Key: id("string"), Value: id("int")}, kv(`"one"`, num(1)), kv(`"three"`, num(3))))),
				valueSpec("bb", nil, num(2)),
				valueSpec("c", nil, num(3)),
			)
		}),
		one("group of one spec", func() dst.Decl { return group(token.VAR, valueSpec("x", id("int"), num(1))) }),
		one("interface assertion", func() dst.Decl {
			return &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{
				valueSpec("_", qual(runtimePath, "Convertible"), unary(token.AND, lit(id("Resource")))),
			}}
		}),
		one("var of a function type", func() dst.Decl {
			ft := &dst.FuncType{Params: fields(field("", id("string"), ""), field("", id("int"), "")), Results: fields(field("", id("bool"), ""), field("", id("error"), ""))}
			return &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{valueSpec("hook", ft)}}
		}),

		// Functions: short headers keep an empty body on their line, long ones do not.
		one("function with empty body", func() dst.Decl { return function("init", nil, nil) }),
		one("method with empty body and long header", func() dst.Decl {
			params := fields(
				&dst.Field{Names: []*dst.Ident{id("source"), id("destination")}, Type: star(qual(storagePath, "VirtualNetworkSpec"))},
				field("context", qual(runtimePath, "ConversionContext"), ""),
			)
			return method("network", "VirtualNetwork", "AssignProperties", params, fields(field("", id("error"), "")))
		}),
		one("method with empty body and a header of 99 bytes", func() dst.Decl { return headerOf(99) }),
		one("method with empty body and a header of 100 bytes", func() dst.Decl { return headerOf(100) }),
		one("method with named results", func() dst.Decl {
			results := fields(field("ok", id("bool"), ""), field("err", id("error"), ""))
			return method("r", "Resource", "Named", nil, results, ret())
		}),

		// Statements.
		body("statements with comments and paragraphs", func() []dst.Stmt {
			second := commented(assign(id("y"), token.DEFINE, bin(id("x"), token.ADD, num(1))), dst.NewLine, "// y is one more.")
			third := commented(&dst.IncDecStmt{X: id("y"), Tok: token.INC}, dst.EmptyLine)
			fourth := commented(&dst.ExprStmt{X: call(qual("fmt", "Println"), id("y"))}, dst.EmptyLine, "// A new paragraph", "// of two lines.")
			return []dst.Stmt{assign(id("_"), token.ASSIGN, id("x")), second, third, fourth, ret(id("nil"))}
		}),
		body("if with init and else", func() []dst.Stmt {
			init := &dst.AssignStmt{Lhs: []dst.Expr{id("v"), id("err")}, Tok: token.DEFINE, Rhs: []dst.Expr{call(id("get"), id("x"))}}
			inner := &dst.IfStmt{Cond: bin(id("v"), token.GTR, num(2)), Body: block(ret(call(qual("fmt", "Errorf"), str("too big: %d"), id("v"))))}
			ifs := &dst.IfStmt{
				Init: init,
				Cond: bin(id("err"), token.NEQ, id("nil")),
				Body: block(ret(id("err"))),
				Else: &dst.IfStmt{Cond: bin(id("v"), token.EQL, num(0)), Body: block(ret(id("nil"))), Else: block(inner)},
			}
			return []dst.Stmt{ifs, ret(id("nil"))}
		}),
		body("switch with cases and default", func() []dst.Stmt {
			sw := &dst.SwitchStmt{Tag: id("x"), Body: block(
				&dst.CaseClause{List: []dst.Expr{num(1), num(2)}, Body: []dst.Stmt{ret(id("nil"))}},
				&dst.CaseClause{List: []dst.Expr{num(3)}, Body: []dst.Stmt{
					assign(id("x"), token.ADD_ASSIGN, num(1)),
					ret(call(qual("fmt", "Errorf"), str("three"))),
				}},
				&dst.CaseClause{Body: []dst.Stmt{assign(id("x"), token.ASSIGN, num(0))}},
			)}
			tagless := &dst.SwitchStmt{Body: block(
				&dst.CaseClause{List: []dst.Expr{bin(id("x"), token.LSS, num(0))}, Body: []dst.Stmt{ret(id("nil"))}},
				&dst.CaseClause{},
			)}
			withInit := &dst.SwitchStmt{Init: assign(id("y"), token.DEFINE, bin(id("x"), token.MUL, num(2))), Tag: id("y"), Body: block(
				&dst.CaseClause{List: []dst.Expr{num(4)}},
			)}
			return []dst.Stmt{sw, tagless, withInit, ret(id("nil"))}
		}),
		body("range with key and value", func() []dst.Stmt {
			r := &dst.RangeStmt{Key: id("k"), Value: id("v"), Tok: token.DEFINE, X: sel(id("r"), "Items"), Body: block(
				&dst.ExprStmt{X: call(qual("fmt", "Println"), id("k"), id("v"))},
			)}
			keyOnly := &dst.RangeStmt{Key: id("i"), Tok: token.DEFINE, X: call(id("list")), Body: block(
				assign(id("x"), token.ADD_ASSIGN, id("i")),
			)}
			assignRange := &dst.RangeStmt{Key: id("_"), Value: id("x"), Tok: token.ASSIGN, X: sel(id("r"), "Items"), Body: block()}
			return []dst.Stmt{r, keyOnly, assignRange, ret(id("nil"))}
		}),
		body("declaration statement of a struct", func() []dst.Stmt {
			probe := &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{valueSpec("probe", structOf(
				field("Name", id("string"), `json:"name"`),
				field("Count", id("int"), `json:"count,omitempty"`),
			))}}}
			return []dst.Stmt{probe, assign(id("_"), token.ASSIGN, id("probe")), ret(id("nil"))}
		}),
		body("return of two values", func() []dst.Stmt {
			return []dst.Stmt{ret(bin(id("x"), token.ADD, num(1)), call(qual("fmt", "Errorf"), str("%d"), bin(id("x"), token.MUL, num(2))))}
		}),
		one("function returning two values", func() dst.Decl {
			results := fields(field("", star(qual(storagePath, "Thing")), ""), field("", id("error"), ""))
			return function("convert", fields(field("x", id("int"), "")), results,
				&dst.IfStmt{Cond: bin(id("x"), token.LSS, num(0)), Body: block(ret(id("nil"), call(qual("fmt", "Errorf"), str("negative"))))},
				ret(unary(token.AND, lit(qual(storagePath, "Thing"), kv("X", id("x")))), id("nil")),
			)
		}),
		body("multiple assignment", func() []dst.Stmt {
			a := &dst.AssignStmt{Lhs: []dst.Expr{id("a"), id("b")}, Tok: token.DEFINE, Rhs: []dst.Expr{bin(id("x"), token.ADD, num(1)), bin(id("x"), token.MUL, num(2))}}
			return []dst.Stmt{a, assign(id("_"), token.ASSIGN, bin(id("a"), token.ADD, id("b"))), ret(id("nil"))}
		}),

		// Composite literals.
		exprs("composite literals on one line", func() []dst.Expr {
			return []dst.Expr{
				lit(id("Resource"), kv("Name", str("x")), kv("Count", num(1))),
				lit(&dst.ArrayType{Elt: id("int")}, num(1), num(2), bin(id("a"), token.ADD, id("b"))),
				lit(qual(storagePath, "Thing")),
				unary(token.AND, lit(qual(runtimePath, "Builder"), kv("GroupVersion", id("GroupVersion")))),
			}
		}),
		exprs("composite literal one element per line", func() []dst.Expr {
			return []dst.Expr{perLine(lit(id("Resource"),
				kv("A", str("a")),
				kv("Longer", bin(id("x"), token.ADD, id("y"))),
				kv("BB", call(id("f"), id("x"), bin(id("y"), token.MUL, num(2)))),
			))}
		}),
		exprs("composite literal with keys of mixed lengths", func() []dst.Expr {
			return []dst.Expr{perLine(lit(id("Resource"),
				kv("A", num(1)),
				kv(strings.Repeat("B", 40), num(2)),
				kv(strings.Repeat("C", 41), num(3)),
				kv("D", num(4)),
				kv(strings.Repeat("E", 60), num(5)),
				kv(strings.Repeat("F", 70), num(6)),
				kv(strings.Repeat("G", 20), num(7)),
				kv(strings.Repeat("H", 45), num(8)),
				kv("I", num(9)),
			))}
		}),
		exprs("composite literal with long keys in a run", func() []dst.Expr {
			// The geometric mean grows over the run: 50, 55, 30 align, 130 does not, 12 restarts.
			return []dst.Expr{perLine(lit(id("Resource"),
				kv(strings.Repeat("a", 50), num(1)),
				kv(strings.Repeat("b", 55), num(2)),
				kv(strings.Repeat("c", 30), num(3)),
				kv(strings.Repeat("d", 130), num(4)),
				kv(strings.Repeat("e", 12), num(5)),
				kv(strings.Repeat("f", 41), num(6)),
				kv(strings.Repeat("g", 16), num(7)),
			))}
		}),
		exprs("composite literal with nested multi-line values", func() []dst.Expr {
			inner := func() dst.Expr {
				return perLine(lit(id("Inner"), kv("X", num(1)), kv("LongerY", num(2))))
			}
			return []dst.Expr{perLine(lit(id("Outer"),
				kv("A", num(1)),
				kv("BBB", num(2)),
				kv("Nested", inner()),
				kv("C", num(3)),
				kv("DDDDD", unary(token.AND, inner())),
				kv("E", lit(id("Inner"), kv("X", num(1)))),
			))}
		}),
		exprs("slice literal one element per line", func() []dst.Expr {
			return []dst.Expr{perLine(lit(&dst.ArrayType{Elt: star(id("Resource"))},
				unary(token.AND, lit(id("Resource"), kv("Name", str("a")))),
				perLine(lit(nil, kv("Name", str("b")), kv("Count", num(2)))),
				id("x"),
			))}
		}),
		exprs("one element on a line of its own", func() []dst.Expr {
			return []dst.Expr{
				perLine(lit(id("Resource"), kv("Name", str("a")))),
				perLine(lit(&dst.ArrayType{Elt: id("int")}, num(1))),
			}
		}),
		exprs("map literal with string keys", func() []dst.Expr {
			return []dst.Expr{perLine(lit(&dst.MapType{Key: id("string"), Value: id("string")},
				&dst.KeyValueExpr{Key: str("a"), Value: str("first")},
				&dst.KeyValueExpr{Key: str("longer key"), Value: str("second")},
				&dst.KeyValueExpr{Key: str(strings.Repeat("k", 50)), Value: str("third")},
				&dst.KeyValueExpr{Key: str("b"), Value: str("fourth")},
			))}
		}),

		// Expressions: spacing by precedence and depth, parentheses where needed.
		exprs("binary expressions", func() []dst.Expr {
			a, b, c := id("a"), id("b"), id("c")
			return []dst.Expr{
				bin(a, token.ADD, bin(b, token.MUL, c)),
				bin(bin(id("a"), token.MUL, id("b")), token.ADD, id("c")),
				call(id("f"), bin(bin(id("a"), token.MUL, id("b")), token.ADD, id("c"))),
				call(id("f"), bin(bin(id("a"), token.MUL, id("b")), token.ADD, id("c")), id("d")),
				call(id("f"), bin(id("a"), token.ADD, id("b")), bin(id("c"), token.SHL, num(2))),
				bin(bin(id("x"), token.EQL, id("nil")), token.LOR, bin(id("y"), token.NEQ, id("nil"))),
				bin(&dst.IndexExpr{X: id("s"), Index: bin(id("i"), token.ADD, num(1))}, token.SUB, &dst.IndexExpr{X: id("s"), Index: id("i")}),
				&dst.IndexExpr{X: id("s"), Index: bin(bin(id("i"), token.MUL, num(2)), token.ADD, num(1))},
				bin(bin(id("a"), token.ADD, id("b")), token.MUL, id("c")),
				bin(id("a"), token.SUB, bin(id("b"), token.SUB, id("c"))),
				bin(bin(id("a"), token.LAND, bin(id("b"), token.LOR, id("c"))), token.LOR, unary(token.NOT, id("d"))),
				bin(id("a"), token.QUO, star(id("p"))),
				bin(id("a"), token.SUB, unary(token.SUB, id("b"))),
				bin(id("a"), token.AND, unary(token.AND, id("b"))),
				bin(id("a"), token.AND, unary(token.XOR, id("b"))),
				bin(id("a"), token.ADD, unary(token.ADD, id("b"))),
				bin(id("a"), token.MUL, &dst.ParenExpr{X: bin(id("b"), token.ADD, id("c"))}),
				&dst.ParenExpr{X: &dst.ParenExpr{X: bin(id("a"), token.ADD, id("b"))}},
			}
		}),
		exprs("operands needing parentheses", func() []dst.Expr {
			return []dst.Expr{
				sel(star(id("x")), "Name"),
				call(sel(star(id("x")), "Method")),
				call(sel(star(id("x")), "Method"), id("a"), id("b")),
				&dst.IndexExpr{X: star(id("m")), Index: str("k")},
				&dst.IndexExpr{X: &dst.ParenExpr{X: star(id("m"))}, Index: str("k")},
				unary(token.AND, sel(id("x"), "Field")),
				unary(token.NOT, call(id("ok"))),
				unary(token.SUB, unary(token.SUB, id("x"))),
				star(star(id("pp"))),
				&dst.TypeAssertExpr{X: star(id("p")), Type: id("int")},
				bin(unary(token.SUB, id("x")), token.MUL, num(2)),
				// Parenthesised, an operand is printed afresh at depth 1: a + a is spaced.
				call(id("f"), &dst.IndexExpr{X: id("s"), Index: sel(unary(token.SUB, &dst.ParenExpr{X: bin(id("a"), token.ADD, id("a"))}), "F")}, id("b")),
			}
		}),
		exprs("operators kept apart", func() []dst.Expr {
			return []dst.Expr{
				unary(token.SUB, unary(token.SUB, id("x"))),
				unary(token.ADD, unary(token.ADD, id("x"))),
				unary(token.AND, unary(token.AND, id("x"))),
				unary(token.AND, unary(token.XOR, id("x"))),
				unary(token.XOR, unary(token.AND, id("x"))),
				// Unspaced among several arguments, a - -b*c would run together.
				call(id("f"), bin(id("a"), token.SUB, bin(unary(token.SUB, id("b")), token.MUL, id("c"))), id("d")),
				call(id("f"), bin(id("a"), token.ADD, bin(unary(token.ADD, id("b")), token.MUL, id("c"))), id("d")),
				call(id("f"), bin(id("a"), token.SHL, unary(token.SUB, id("b"))), id("d")),
				call(id("f"), bin(id("a"), token.QUO, star(id("p"))), id("d")),
				// A dot after an integer literal would be a decimal point.
				sel(num(1), "F"),
				call(sel(num(2), "Method")),
				&dst.TypeAssertExpr{X: num(3), Type: id("int")},
			}
		}),
		exprs("generic instantiation", func() []dst.Expr {
			return []dst.Expr{
				call(&dst.IndexListExpr{X: qual(runtimePath, "Convert"), Indices: []dst.Expr{star(id("A")), qual(storagePath, "B")}}, id("x")),
				call(&dst.IndexExpr{X: id("New"), Index: id("T")}),
				lit(&dst.IndexListExpr{X: id("Pair"), Indices: []dst.Expr{id("string"), &dst.ArrayType{Elt: id("int")}}}),
			}
		}),
		exprs("type assertions", func() []dst.Expr {
			return []dst.Expr{
				&dst.TypeAssertExpr{X: id("x"), Type: qual(runtimePath, "Convertible")},
				&dst.TypeAssertExpr{X: call(id("get")), Type: star(qual(storagePath, "Thing"))},
				sel(&dst.TypeAssertExpr{X: id("x"), Type: id("T")}, "Name"),
			}
		}),
		body("type assertion with ok", func() []dst.Stmt {
			check := &dst.AssignStmt{
				Lhs: []dst.Expr{id("c"), id("ok")}, Tok: token.DEFINE,
				Rhs: []dst.Expr{&dst.TypeAssertExpr{X: id("r"), Type: qual(runtimePath, "Convertible")}},
			}
			return []dst.Stmt{check, &dst.IfStmt{Cond: unary(token.NOT, id("ok")), Body: block(ret(id("nil")))}, ret(call(sel(id("c"), "Convert")))}
		}),

		// Imports: grouped standard library first, aliases spelled out, the file's own package
		// unqualified.
		one("no imports", func() dst.Decl { return typeDecl("T", id("int")) }),
		one("standard library imports", func() dst.Decl {
			return function("f", nil, nil, &dst.ExprStmt{X: call(qual("strings", "ToLower"), call(qual("fmt", "Sprint"), num(1)))})
		}),
		one("domain imports", func() dst.Decl {
			return typeDecl("T", structOf(field("", qual(runtimePath, "Base"), ""), field("S", qual(storagePath, "Thing"), "")))
		}),
		one("both kinds of imports", func() dst.Decl {
			return typeDecl("T", structOf(
				field("A", qual(storagePath, "Thing"), ""),
				field("B", qual("strings", "Builder"), ""),
				field("C", qual(runtimePath, "Base"), ""),
				field("D", qual("fmt", "Stringer"), ""),
			))
		}),
		one("a single import", func() dst.Decl { return typeDecl("T", qual("fmt", "Stringer")) }),
		one("a single aliased import", func() dst.Decl { return typeDecl("T", qual(metaPath, "ObjectMeta")) }),
		one("aliased import among others", func() dst.Decl {
			return typeDecl("T", structOf(
				field("", qual(metaPath, "ObjectMeta"), `json:"metadata,omitempty"`),
				field("S", qual(storagePath, "Thing"), ""),
				field("F", qual("fmt", "Stringer"), ""),
			))
		}),
		one("own package unqualified", func() dst.Decl {
			return typeDecl("T", structOf(field("Other", qual(selfPath, "Other"), ""), field("S", qual(storagePath, "Thing"), "")))
		}),

		// Doc comments that gofmt reformats.
		one("reformatted doc comment", func() dst.Decl {
			return typeDecl("T", id("int"),
				"// T is a number.",
				"// - a list item",
				"// - another",
				"//   indented code",
				"// 1. a numbered line",
				"// +kubebuilder:validation:Enum={1,2}",
			)
		}),
		one("doc comment with a directive", func() dst.Decl {
			return typeDecl("T", id("int"), "// T is a number.", "//go:generate echo", "// More text.")
		}),
		{name: "reformatted package doc", build: func() *dst.File {
			doc := []string{
				"// Package v1api holds things:",
				"// - networks",
				"// - subnets",
				"//",
				"//	code()",
				"// 2. a numbered line",
				"// +groupName=network.azure.com",
			}
			return newFile("v1api", doc, typeDecl("T", id("int")))
		}},
		{name: "plain package doc", build: func() *dst.File {
			doc := []string{"// Package v1api contains API Schema definitions.", "// +kubebuilder:object:generate=true"}
			return newFile("v1api", doc, typeDecl("T", id("int")))
		}},
		{name: "no declarations", build: func() *dst.File {
			return newFile("v1api", []string{"// Package v1api is empty."})
		}},
	}
}

func TestUnsupported(t *testing.T) {
	// inFunc makes a file of a function assigning x to _.
	inFunc := func(x dst.Expr) *dst.File {
		return newFile("v1api", nil, function("f", nil, nil, assign(id("_"), token.ASSIGN, x)))
	}
	cases := []struct {
		name  string
		build func() *dst.File
	}{
		{"call with ellipsis", func() *dst.File {
			c := call(id("append"), id("a"), id("b"))
			c.Ellipsis = true
			return inFunc(c)
		}},
		{"expression with a comment", func() *dst.File {
			x := bin(id("a"), token.ADD, id("b"))
			x.Decs.Start = dst.Decorations{"/* sum */"}
			return inFunc(x)
		}},
		{"hex literal", func() *dst.File { return inFunc(&dst.BasicLit{Kind: token.INT, Value: "0XFF"}) }},
		{"exponent literal", func() *dst.File { return inFunc(&dst.BasicLit{Kind: token.FLOAT, Value: "1E3"}) }},
		{"composite elements partly on lines of their own", func() *dst.File {
			l := lit(id("T"), kv("A", num(1)), kv("B", num(2)))
			l.Elts[1].Decorations().Before = dst.NewLine
			return inFunc(l)
		}},
		{"parenthesised if condition", func() *dst.File {
			cond := &dst.ParenExpr{X: id("ok")}
			return newFile("v1api", nil, function("f", nil, nil, &dst.IfStmt{Cond: cond, Body: block()}))
		}},
		{"field comment without a line break", func() *dst.File {
			// The restorer would put the comment after the first field, on its line.
			second := commented(field("B", id("int"), ""), dst.None, "// B is second.")
			return newFile("v1api", nil, typeDecl("T", structOf(field("A", id("int"), ""), second)))
		}},
		{"build constraint before the package clause", func() *dst.File {
			f := newFile("v1api", nil, typeDecl("T", id("int")))
			f.Decs.Start = dst.Decorations{"//go:build linux", "\n"}
			return f
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := dstfmt.File(c.build(), selfPath, testImports.resolver())
			if !errors.Is(err, dstfmt.ErrUnsupported) {
				t.Fatalf("got error %v, want ErrUnsupported; printed:\n%s", err, out)
			}
		})
	}
}
