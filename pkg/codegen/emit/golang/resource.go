package golang

import (
	"fmt"
	"go/token"
	"unicode"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// The printer columns every resource shows: the Ready condition is what users watch.
var readyColumns = []string{
	`+kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].status"`,
	`+kubebuilder:printcolumn:name="Severity",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].severity"`,
	`+kubebuilder:printcolumn:name="Reason",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].reason"`,
	`+kubebuilder:printcolumn:name="Message",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].message"`,
}

// scopeConstants maps the model's scopes onto the genruntime constants that name them.
var scopeConstants = map[astmodel.Scope]string{
	astmodel.ScopeResourceGroup:   "ResourceScopeResourceGroup",
	astmodel.ScopeSubscription:    "ResourceScopeSubscription",
	astmodel.ScopeTenant:          "ResourceScopeTenant",
	astmodel.ScopeManagementGroup: "ResourceScopeManagementGroup",
	astmodel.ScopeExtension:       "ResourceScopeExtension",
}

// listName is the name of the list type that goes with a resource kind.
func listName(kind string) string { return astmodel.ListName(kind) }

// resourceDecls renders a resource: the root object, its list, their registration and the
// methods through which the generic reconciler drives it.
func (fb *fileBuilder) resourceDecls(def astmodel.Definition, r *astmodel.ResourceType) ([]dst.Decl, error) {
	kind := def.Name.Name
	facts, err := fb.resourceFactsOf(r)
	if err != nil {
		return nil, fmt.Errorf("resource %s: %w", kind, err)
	}

	spec, status := fb.typeName(r.Spec), fb.typeName(r.Status)
	root := typeDecl(kind, &dst.StructType{Fields: fieldList(
		fb.embedded(astmodel.TypeMetaType, ",inline"),
		fb.embedded(astmodel.ObjectMetaType, "metadata,omitempty"),
		taggedField("Spec", spec, "spec,omitempty"),
		taggedField("Status", status, "status,omitempty"),
	)})
	markers := []string{"+kubebuilder:object:root=true", "+kubebuilder:subresource:status"}
	switch {
	case r.IsStorageVersion:
		markers = append(markers, "+kubebuilder:storageversion")
	case fb.pkg.Storage:
		// Storage twins the API server does not store (older twins, and the hub of a kind with
		// one API version) are not in our CRDs (emit/crd inCRD says why); controller-gen,
		// which cannot leave out one kind of a package, lists them unserved.
		markers = append(markers, "+kubebuilder:unservedversion")
	}
	markers = append(markers, "+kubebuilder:resource:categories={azure,"+astmodel.Category(fb.pkg.Group)+"}")
	markers = append(markers, readyColumns...)
	root.Decs.Start = docs(astmodel.DocLines(kind, def.Description), markers)

	list := typeDecl(listName(kind), &dst.StructType{Fields: fieldList(
		fb.embedded(astmodel.TypeMetaType, ",inline"),
		fb.embedded(astmodel.ListMetaType, "metadata,omitempty"),
		taggedField("Items", &dst.ArrayType{Elt: ident(kind)}, "items"),
	)})
	list.Decs.Start = docs([]string{listName(kind) + " is a list of " + kind + "."}, []string{"+kubebuilder:object:root=true"})

	decls := []dst.Decl{root, list, registerKinds(kind), fb.interfaceAssertion(kind)}
	decls = append(decls, fb.resourceMethods(kind, r, facts)...)
	exporters, err := fb.exporterDecls(kind, r)
	if err != nil {
		return nil, err
	}
	defaulter, err := fb.azureNameDefaulterDecls(kind, r, facts)
	if err != nil {
		return nil, err
	}
	return append(append(decls, exporters...), defaulter...), nil
}

// resourceFacts are what the methods need to know about a resource's spec and status, checked
// up front so that a broken model fails here rather than as generated code that does not compile.
type resourceFacts struct {
	// azureNameOptional is set when Spec.AzureName is a pointer.
	azureNameOptional bool
	// ownerOptional is set when Spec.Owner is a pointer.
	ownerOptional bool
}

func (fb *fileBuilder) resourceFactsOf(r *astmodel.ResourceType) (resourceFacts, error) {
	var facts resourceFacts
	if _, ok := scopeConstants[r.Scope]; !ok {
		return facts, fmt.Errorf("unknown scope %q", r.Scope)
	}
	spec, ok := fb.defs.ResolveObject(r.Spec)
	if !ok {
		return facts, fmt.Errorf("spec %s is not a defined object", r.Spec)
	}
	status, ok := fb.defs.ResolveObject(r.Status)
	if !ok {
		return facts, fmt.Errorf("status %s is not a defined object", r.Status)
	}
	if _, ok := status.Property("Conditions"); !ok {
		return facts, fmt.Errorf("status %s has no Conditions property", r.Status)
	}
	if r.FixedAzureName == "" {
		p, ok := spec.Property("AzureName")
		if !ok {
			return facts, fmt.Errorf("spec %s has no AzureName property", r.Spec)
		}
		_, facts.azureNameOptional = p.Type.(astmodel.OptionalType)
	}
	if hasOwner(r) {
		p, ok := spec.Property("Owner")
		if !ok {
			return facts, fmt.Errorf("spec %s has no Owner property", r.Spec)
		}
		_, facts.ownerOptional = p.Type.(astmodel.OptionalType)
	}
	return facts, nil
}

// hasOwner reports whether the resource lives under another: an extension may sit under any
// resource, others only when the model names the owning kind.
func hasOwner(r *astmodel.ResourceType) bool {
	return r.Scope == astmodel.ScopeExtension || r.OwnerKind != ""
}

// embedded renders an embedded field of an external type.
func (fb *fileBuilder) embedded(t astmodel.TypeName, json string) *dst.Field {
	f := field("", fb.typeName(t))
	f.Tag = structTag(json, nil)
	return f
}

func taggedField(name string, t dst.Expr, json string) *dst.Field {
	f := field(name, t)
	f.Tag = structTag(json, nil)
	return f
}

// registerKinds renders the init function that adds the kind and its list to SchemeBuilder, so
// that the package's AddToScheme knows every kind without a central list to maintain.
func registerKinds(kind string) dst.Decl {
	register := call(path("SchemeBuilder", "Register"),
		addr(composite(ident(kind))), addr(composite(ident(listName(kind)))))
	return function("init", nil, nil, exprStmt(register))
}

// interfaceAssertion makes the compiler check that the resource is something the generic
// reconciler can drive.
func (fb *fileBuilder) interfaceAssertion(kind string) dst.Decl {
	iface := fb.qualified(astmodel.GenRuntimePackage, "ARMMetaObject")
	return &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
		Names:  []*dst.Ident{ident("_")},
		Type:   iface,
		Values: []dst.Expr{addr(composite(ident(kind)))},
	}}}
}

// receiverName is the receiver of a resource's methods: one letter cannot clash with the
// package names the method bodies use.
func receiverName(kind string) string {
	return string(unicode.ToLower([]rune(kind)[0]))
}

// resourceMethods renders the genruntime.ARMMetaObject methods that are not promoted from the
// embedded Kubernetes metadata.
func (fb *fileBuilder) resourceMethods(kind string, r *astmodel.ResourceType, facts resourceFacts) []dst.Decl {
	rv := receiverName(kind)
	conditionsType := func() dst.Expr { return fb.qualified(astmodel.ConditionsPackage, "Conditions") }
	stringType := func() dst.Expr { return ident("string") }
	resourceRef := func() dst.Expr { return deref(fb.qualified(astmodel.GenRuntimePackage, "ResourceReference")) }

	getConditions := withDoc(method(rv, kind, "GetConditions", nil,
		[]*dst.Field{field("", conditionsType())},
		returns(path(rv, "Status", "Conditions"))),
		"GetConditions returns the conditions held in the resource's status.")

	setConditions := withDoc(method(rv, kind, "SetConditions",
		[]*dst.Field{field("conds", conditionsType())}, nil,
		assign(path(rv, "Status", "Conditions"), ident("conds"))),
		"SetConditions replaces the conditions held in the resource's status.")

	var azureName *dst.FuncDecl
	switch {
	case r.FixedAzureName != "":
		azureName = withDoc(method(rv, kind, "AzureName", nil, []*dst.Field{field("", stringType())},
			returns(stringLit(r.FixedAzureName))),
			"AzureName returns the name of the resource in Azure, which is always "+r.FixedAzureName+" as Azure allows only one.")
	case facts.azureNameOptional:
		azureName = withDoc(method(rv, kind, "AzureName", nil, []*dst.Field{field("", stringType())},
			ifStmt(binary(path(rv, "Spec", "AzureName"), token.EQL, nilIdent()), returns(stringLit(""))),
			returns(deref(path(rv, "Spec", "AzureName")))),
			"AzureName returns the name of the resource in Azure.")
	default:
		azureName = withDoc(method(rv, kind, "AzureName", nil, []*dst.Field{field("", stringType())},
			returns(path(rv, "Spec", "AzureName"))),
			"AzureName returns the name of the resource in Azure.")
	}

	var ownerBody []dst.Stmt
	// A known owner kind comes first: the child of an extension resource is an extension too,
	// but its owner is its parent.
	switch {
	case r.OwnerKind != "":
		ownerBody = []dst.Stmt{returns(call(path(rv, "Spec", "Owner", "AsResourceReference"),
			stringLit(r.OwnerGroup), stringLit(r.OwnerKind)))}
	case r.Scope == astmodel.ScopeExtension:
		ownerBody = []dst.Stmt{returns(call(path(rv, "Spec", "Owner", "AsResourceReference")))}
	default:
		ownerBody = []dst.Stmt{returns(nilIdent())}
	}
	if hasOwner(r) && facts.ownerOptional {
		ownerBody = append([]dst.Stmt{ifStmt(binary(path(rv, "Spec", "Owner"), token.EQL, nilIdent()), returns(nilIdent()))}, ownerBody...)
	}
	owner := withDoc(method(rv, kind, "Owner", nil, []*dst.Field{field("", resourceRef())}, ownerBody...),
		ownerDoc(r))

	getType := withDoc(method(rv, kind, "GetType", nil, []*dst.Field{field("", stringType())},
		returns(stringLit(r.ARMType))),
		"GetType returns the ARM resource type.")

	getAPIVersion := withDoc(method(rv, kind, "GetAPIVersion", nil, []*dst.Field{field("", stringType())},
		returns(stringLit(r.APIVersion))),
		"GetAPIVersion returns the ARM api-version this version of the resource talks to Azure with.")

	getScope := withDoc(method(rv, kind, "GetResourceScope", nil,
		[]*dst.Field{field("", fb.qualified(astmodel.GenRuntimePackage, "ResourceScope"))},
		returns(fb.qualified(astmodel.GenRuntimePackage, scopeConstants[r.Scope]))),
		"GetResourceScope returns where in the ARM hierarchy the resource lives, which decides how its ARM ID is built.")

	decls := []dst.Decl{getConditions, setConditions, azureName, owner, getType, getAPIVersion, getScope}
	if r.NoDelete {
		decls = append(decls, withDoc(method(rv, kind, "DeletableInAzure", nil, []*dst.Field{field("", ident("bool"))},
			returns(ident("false"))),
			"DeletableInAzure says Azure has no DELETE for "+r.ARMType+" at api-version "+r.APIVersion+": the resource goes with its parent, so the operator sends none."))
	}
	return decls
}

func ownerDoc(r *astmodel.ResourceType) string {
	switch {
	case r.OwnerKind != "":
		return "Owner returns the " + r.OwnerKind + " the resource lives under, or nil when none is set."
	case r.Scope == astmodel.ScopeExtension:
		return "Owner returns the resource this extension is attached to, which may be of any kind, or nil when none is set."
	default:
		return "Owner returns nil, as the resource lives under no other resource."
	}
}
