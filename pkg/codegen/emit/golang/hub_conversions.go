package golang

import (
	"fmt"
	"go/token"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// resourceConversionDecls renders how a resource converts to its hub: the hub gets Hub(), every
// other version ConvertTo and ConvertFrom, which go through the next resource on the way. stored
// says the API server stores kind itself (an API version, the only one of its kind).
func (fb *fileBuilder) resourceConversionDecls(kind string, stored bool) ([]dst.Decl, error) {
	if fb.conv == nil {
		return nil, nil
	}
	self := fb.pkg.TypeName(kind)
	graph := fb.conv.Graph
	hub, ok := graph.Hub(self)
	if !ok {
		return nil, nil
	}
	rv := receiverName(kind)
	assertion := func(iface string) dst.Decl {
		return &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
			Names:  []*dst.Ident{ident("_")},
			Type:   fb.qualified(conversionPackage, iface),
			Values: []dst.Expr{addr(composite(ident(kind)))},
		}}}
	}
	if hub == self {
		h := withDoc(method(rv, kind, "Hub", nil, nil),
			"Hub marks "+kind+" as the version every other version of the kind converts to and from: the one the API server stores.")
		return []dst.Decl{assertion("Hub"), h}, nil
	}
	next, ok := graph.Next(self)
	if !ok {
		return nil, fmt.Errorf("%s has a hub but no next version", self)
	}
	a, ok := fb.conv.Between(self, next)
	if !ok {
		return nil, fmt.Errorf("no property assignment planned between %s and %s", self, next)
	}
	hubParamType := func() dst.Expr { return fb.qualified(conversionPackage, "Hub") }
	errorResult := func() []*dst.Field { return []*dst.Field{field("", ident("error"))} }
	wrongHub := func() dst.Stmt {
		return returns(call(fb.qualified(fmtPackage, "Errorf"), stringLit("expected a "+hub.String()+" to convert with, got %T"), ident(hubParam)))
	}
	fail := func(what string) dst.Stmt {
		return returns(call(fb.qualified(fmtPackage, "Errorf"), stringLit(what+": %w"), ident("err")))
	}
	checked := func(x dst.Expr, what string) dst.Stmt {
		return &dst.IfStmt{Init: define([]string{"err"}, x), Cond: binary(ident("err"), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: []dst.Stmt{fail(what)}}}
	}
	cast := func(name string) []dst.Stmt {
		return []dst.Stmt{
			&dst.AssignStmt{Lhs: []dst.Expr{ident(name), ident("ok")}, Tok: token.DEFINE,
				Rhs: []dst.Expr{&dst.TypeAssertExpr{X: ident(hubParam), Type: deref(fb.typeName(hub))}}},
			ifStmt(unaryNot(ident("ok")), wrongHub()),
		}
	}

	var to, from []dst.Stmt
	if next == hub {
		to = append(cast(destinationParam), returns(call(path(rv, a.ToMethod), ident(destinationParam))))
		from = append(cast(sourceParam), returns(call(path(rv, a.FromMethod), ident(sourceParam))))
	} else {
		to = []dst.Stmt{
			varDecl(destinationParam, fb.typeName(next)),
			checked(call(path(rv, a.ToMethod), addr(ident(destinationParam))), "converting to "+next.String()),
			returns(call(path(destinationParam, "ConvertTo"), ident(hubParam))),
		}
		from = []dst.Stmt{
			varDecl(sourceParam, fb.typeName(next)),
			checked(call(path(sourceParam, "ConvertFrom"), ident(hubParam)), "converting from the hub to "+next.String()),
			returns(call(path(rv, a.FromMethod), addr(ident(sourceParam)))),
		}
	}
	if self.Package.IsAPIVersion() {
		// What the version cannot hold travels with it (see genruntime.RetainedValuesAnnotation),
		// unless the API server stores the version itself: written back, it is stored as it is,
		// and nothing would ever restore it (see genruntime.ConvertedFromFormerHub).
		retain := "RetainValues"
		if stored {
			retain = "ConvertedFromFormerHub"
		}
		to = keepValues(to, call(fb.qualified(astmodel.GenRuntimePackage, "RestoreValues"), ident(rv), ident(hubParam)))
		from = keepValues(from, call(fb.qualified(astmodel.GenRuntimePackage, retain), ident(hubParam), ident(rv)))
	}
	route := "directly"
	if next != hub {
		route = "through " + next.String()
	}
	convertTo := withDoc(method(rv, kind, "ConvertTo", []*dst.Field{field(hubParam, hubParamType())}, errorResult(), to...),
		fmt.Sprintf("ConvertTo converts the receiver to hub, the %s the API server stores, %s.", hub, route))
	convertFrom := withDoc(method(rv, kind, "ConvertFrom", []*dst.Field{field(hubParam, hubParamType())}, errorResult(), from...),
		fmt.Sprintf("ConvertFrom populates the receiver from hub, the %s the API server stores, %s.", hub, route))
	return []dst.Decl{assertion("Convertible"), convertTo, convertFrom}, nil
}

// keepValues turns the final return of a conversion into a check, followed by returning last.
func keepValues(body []dst.Stmt, last dst.Expr) []dst.Stmt {
	ret := body[len(body)-1].(*dst.ReturnStmt)
	out := append([]dst.Stmt{}, body[:len(body)-1]...)
	out = append(out, &dst.IfStmt{Init: define([]string{"err"}, ret.Results[0]), Cond: binary(ident("err"), token.NEQ, nilIdent()),
		Body: &dst.BlockStmt{List: []dst.Stmt{returns(ident("err"))}}})
	return append(out, returns(last))
}

func unaryNot(x dst.Expr) dst.Expr { return &dst.UnaryExpr{Op: token.NOT, X: x} }
