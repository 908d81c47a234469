package golang

import (
	"fmt"
	"go/token"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// The methods through which the operator exports values of a resource: every API version of
// every kind gives its CEL expressions (genruntime.ExpressionExporter), and the API versions of a
// kind whose operatorSpec has secrets or configMaps say which values those can be and where each
// is read, and where the user asked each to go (genruntime.Exporter). Storage versions have
// neither: the operator calls them on the version the user wrote.

// exporterDecls renders the export methods of an API version's resource.
func (fb *fileBuilder) exporterDecls(kind string, r *astmodel.ResourceType) ([]dst.Decl, error) {
	if !fb.pkg.IsAPIVersion() {
		return nil, nil
	}
	op, err := fb.operatorSpecOf(r)
	if err != nil {
		return nil, fmt.Errorf("resource %s: %w", kind, err)
	}
	if op.obj == nil {
		if len(r.AzureGeneratedSecrets) > 0 || len(r.GeneratedConfigs) > 0 {
			return nil, fmt.Errorf("resource %s exports values, but its spec has no operatorSpec", kind)
		}
		return nil, nil // a model built without the operator's properties (tests of the emitter)
	}
	rv := receiverName(kind)
	exprs := func() dst.Expr {
		return &dst.ArrayType{Elt: deref(fb.qualified(astmodel.GenRuntimePackage, "DestinationExpression"))}
	}
	nilOperatorSpec := func(more ...string) dst.Expr {
		cond := binary(path(rv, "Spec", "OperatorSpec"), token.EQL, nilIdent())
		for _, m := range more {
			cond = binary(cond, token.LOR, binary(path(rv, "Spec", "OperatorSpec", m), token.EQL, nilIdent()))
		}
		return cond
	}
	expression := func(name, member, what string) dst.Decl {
		return withDoc(method(rv, kind, name, nil, []*dst.Field{field("", exprs())},
			ifStmt(nilOperatorSpec(), returns(nilIdent())),
			returns(path(rv, "Spec", "OperatorSpec", member))),
			name+" returns the CEL expressions of spec.operatorSpec whose results go to "+what+".")
	}
	decls := []dst.Decl{
		fb.assertion("ExpressionExporter", kind),
		expression("SecretExpressions", "SecretExpressions", "Secrets"),
		expression("ConfigMapExpressions", "ConfigMapExpressions", "ConfigMaps"),
	}
	if len(r.AzureGeneratedSecrets) == 0 && len(r.GeneratedConfigs) == 0 {
		return decls, nil
	}
	values := func(name string, vs []astmodel.ExportedValue, where string) dst.Decl {
		result := []*dst.Field{field("", &dst.ArrayType{Elt: fb.qualified(astmodel.GenRuntimePackage, "ExportedValue")})}
		doc := name + " lists the values spec.operatorSpec." + where + " can export, and where the operator reads each."
		if len(vs) == 0 {
			return withDoc(method(rv, kind, name, nil, result, returns(nilIdent())),
				name+" returns nil: spec.operatorSpec has no "+where+".")
		}
		elts := make([]dst.Expr, len(vs))
		for i, v := range vs {
			kvs := []dst.Expr{keyValue("Name", stringLit(v.Name))}
			if v.Action != "" {
				kvs = append(kvs, keyValue("Action", stringLit(v.Action)))
			}
			kvs = append(kvs, keyValue("Path", stringLit(v.Path)))
			if v.Bytes {
				kvs = append(kvs, keyValue("Bytes", ident("true")))
			}
			elts[i] = composite(nil, kvs...)
		}
		onePerLine(elts)
		list := composite(&dst.ArrayType{Elt: fb.qualified(astmodel.GenRuntimePackage, "ExportedValue")}, elts...)
		return withDoc(method(rv, kind, name, nil, result, returns(list)), doc)
	}
	destinations := func(name, member string, vs []astmodel.ExportedValue, dest, where string) (dst.Decl, error) {
		mapType := func() dst.Expr {
			return &dst.MapType{Key: ident("string"), Value: fb.qualified(astmodel.GenRuntimePackage, dest)}
		}
		result := []*dst.Field{field("", mapType())}
		if len(vs) == 0 {
			return withDoc(method(rv, kind, name, nil, result, returns(nilIdent())),
				name+" returns nil: spec.operatorSpec has no "+where+"."), nil
		}
		holder, ok := fb.defs.ResolveObject(op.fieldType(member))
		if !ok {
			return nil, fmt.Errorf("operatorSpec.%s is not an object", where)
		}
		body := []dst.Stmt{
			ifStmt(nilOperatorSpec(member), returns(nilIdent())),
			define([]string{"from"}, path(rv, "Spec", "OperatorSpec", member)),
			define([]string{"result"}, call(ident("make"), mapType())),
		}
		for _, v := range vs {
			p, ok := holder.PropertyByJSON(v.Name)
			if !ok {
				return nil, fmt.Errorf("operatorSpec.%s has no %s", where, v.Name)
			}
			body = append(body, ifStmt(binary(path("from", p.Name), token.NEQ, nilIdent()),
				assign(&dst.IndexExpr{X: ident("result"), Index: stringLit(v.Name)}, deref(path("from", p.Name)))))
		}
		body = append(body, returns(ident("result")))
		return withDoc(method(rv, kind, name, nil, result, body...),
			name+" returns the destinations set in spec.operatorSpec."+where+", by the name of the value; unset ones are absent."), nil
	}
	secrets, err := destinations("SecretDestinations", "Secrets", r.AzureGeneratedSecrets, "SecretDestination", "secrets")
	if err != nil {
		return nil, fmt.Errorf("resource %s: %w", kind, err)
	}
	configMaps, err := destinations("ConfigMapDestinations", "ConfigMaps", r.GeneratedConfigs, "ConfigMapDestination", "configMaps")
	if err != nil {
		return nil, fmt.Errorf("resource %s: %w", kind, err)
	}
	return append(decls,
		fb.assertion("Exporter", kind),
		values("AzureGeneratedSecrets", r.AzureGeneratedSecrets, "secrets"),
		values("GeneratedConfigs", r.GeneratedConfigs, "configMaps"),
		secrets, configMaps,
	), nil
}

// operatorSpec is a resource's spec.operatorSpec type.
type operatorSpec struct{ obj *astmodel.ObjectType }

func (o operatorSpec) fieldType(name string) astmodel.Type {
	if p, ok := o.obj.Property(name); ok {
		return p.Type
	}
	return nil
}

// operatorSpecOf checks that the spec's operatorSpec is what the methods read, with the
// expression lists, and returns its type (none when the spec has no operatorSpec).
func (fb *fileBuilder) operatorSpecOf(r *astmodel.ResourceType) (operatorSpec, error) {
	spec, ok := fb.defs.ResolveObject(r.Spec)
	if !ok {
		return operatorSpec{}, fmt.Errorf("spec %s is not a defined object", r.Spec)
	}
	p, ok := spec.Property("OperatorSpec")
	if !ok {
		return operatorSpec{}, nil
	}
	if _, ok := p.Type.(astmodel.OptionalType); !ok {
		return operatorSpec{}, fmt.Errorf("%s.OperatorSpec is not optional", r.Spec)
	}
	obj, ok := fb.defs.ResolveObject(p.Type)
	if !ok {
		return operatorSpec{}, fmt.Errorf("%s.OperatorSpec is not an object", r.Spec)
	}
	for _, name := range []string{"SecretExpressions", "ConfigMapExpressions"} {
		if _, ok := obj.Property(name); !ok {
			return operatorSpec{}, fmt.Errorf("%s.OperatorSpec has no %s", r.Spec, name)
		}
	}
	return operatorSpec{obj: obj}, nil
}

// assertion makes the compiler check that the resource implements a genruntime interface.
func (fb *fileBuilder) assertion(iface, kind string) dst.Decl {
	return &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
		Names:  []*dst.Ident{ident("_")},
		Type:   fb.qualified(astmodel.GenRuntimePackage, iface),
		Values: []dst.Expr{addr(composite(ident(kind)))},
	}}}
}

// azureNameDefaulterDecls renders genruntime.AzureNameDefaulter for a kind whose azureName
// defaults to a stable UUID ($defaultAzureName: uuid), on every version, storage ones included:
// the operator holds the hub when it claims the object.
func (fb *fileBuilder) azureNameDefaulterDecls(kind string, r *astmodel.ResourceType, facts resourceFacts) ([]dst.Decl, error) {
	switch r.DefaultAzureName {
	case "":
		return nil, nil
	case astmodel.DefaultAzureNameUUID:
	default:
		return nil, fmt.Errorf("resource %s: unknown default azure name %q", kind, r.DefaultAzureName)
	}
	if r.FixedAzureName != "" {
		return nil, fmt.Errorf("resource %s: a singleton's azureName has no default", kind)
	}
	rv := receiverName(kind)
	gr := func(name string) dst.Expr { return fb.qualified(astmodel.GenRuntimePackage, name) }
	seed := call(gr("OwnerScopedSeed"), ident("owner"), stringLit(fb.pkg.FullGroup()), stringLit(kind),
		path(rv, "Namespace"), path(rv, "Name"))
	defaultName := withDoc(method(rv, kind, "DefaultAzureName", nil, []*dst.Field{field("", ident("string"))},
		define([]string{"owner"}, call(path(rv, "Owner"))),
		ifStmt(binary(ident("owner"), token.EQL, nilIdent()), returns(stringLit(""))),
		returns(call(gr("StableUUIDName"), path(rv, "Name"), seed))),
		"DefaultAzureName returns the Azure name of the resource when spec.azureName is empty: a UUID (version 5) of its name, namespace, kind and owner, as Azure Service Operator names it, or metadata.name when that is a UUID; \"\" while it has no owner.")
	value := dst.Expr(ident("name"))
	if facts.azureNameOptional {
		value = addr(ident("name"))
	}
	setName := withDoc(method(rv, kind, "SetAzureName", []*dst.Field{field("name", ident("string"))}, nil,
		assign(path(rv, "Spec", "AzureName"), value)),
		"SetAzureName records name in spec.azureName.")
	return []dst.Decl{fb.assertion("AzureNameDefaulter", kind), defaultName, setName}, nil
}
