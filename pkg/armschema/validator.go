// Package armschema checks that an ARM request payload has the shape the swagger declares for
// the PUT body of its resource type and api-version: every property under its wire name and at
// its nesting, of its JSON type, none read-only, polymorphic objects shaped as the variant their
// discriminator names.
//
// It deliberately ignores value constraints (enums, patterns, bounds, lengths, item counts,
// formats, required): it is meant for the payloads that generated code emits from random values,
// which honour none of them, and a shape mistake there is a generator bug that no value
// constraint would reveal.
package armschema

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// Validator loads PUT body schemas from one spec root on demand. It is safe for concurrent use:
// generated tests share one per test binary and run in parallel.
type Validator struct {
	index  *loader.Index
	corpus *loader.Corpus

	mu           sync.Mutex
	versions     map[string]*versionEntry // by group@api-version
	schemas      map[string]*schemaEntry  // by lower-cased ARM type@api-version
	subtypeIndex map[string]*subtypeEntry // by document path
}

type versionEntry struct {
	once      sync.Once
	resources []*loader.Resource
	docs      []*loader.Document
	err       error
}

type schemaEntry struct {
	once   sync.Once
	schema *Schema
	err    error
}

// New indexes the spec root (a walk of its folders: no swagger is read until a schema is asked
// for, so a test that checks a few types of a large corpus pays only for those).
func New(specRoot string) (*Validator, error) {
	ix, err := loader.BuildIndex(specRoot)
	if err != nil {
		return nil, err
	}
	return &Validator{
		index:        ix,
		corpus:       loader.NewCorpus(specRoot),
		versions:     map[string]*versionEntry{},
		schemas:      map[string]*schemaEntry{},
		subtypeIndex: map[string]*subtypeEntry{},
	}, nil
}

// Schema returns the PUT body schema of an ARM type (Microsoft.Cache/redis, case-insensitive)
// at an api-version, loaded once per validator. A type declared at several scopes has the body
// of the declaration the generator prefers (see SchemaAt).
func (v *Validator) Schema(armType, apiVersion string) (*Schema, error) {
	return v.SchemaAt(armType, apiVersion, "")
}

// SchemaAt is Schema for the type's declaration at scope, for a type the api-version declares
// at several scopes with a body each (a diagnostic setting of a subscription, and of any
// resource); "" is the one the generator prefers.
func (v *Validator) SchemaAt(armType, apiVersion string, scope astmodel.Scope) (*Schema, error) {
	key := strings.ToLower(armType) + "@" + apiVersion + "@" + string(scope)
	v.mu.Lock()
	e, ok := v.schemas[key]
	if !ok {
		e = &schemaEntry{}
		v.schemas[key] = e
	}
	v.mu.Unlock()
	e.once.Do(func() { e.schema, e.err = v.load(armType, apiVersion, scope) })
	return e.schema, e.err
}

// Validate checks payload against the PUT body schema of armType at apiVersion; see
// Schema.Validate.
func (v *Validator) Validate(armType, apiVersion string, payload []byte, tolerated ...string) error {
	s, err := v.Schema(armType, apiVersion)
	if err != nil {
		return err
	}
	return s.Validate(payload, tolerated...)
}

func (v *Validator) load(armType, apiVersion string, scope astmodel.Scope) (*Schema, error) {
	namespace, _, ok := strings.Cut(armType, "/")
	if !ok || namespace == "" {
		return nil, fmt.Errorf("ARM type %q is not of the form Microsoft.Provider/type", armType)
	}
	if len(namespace) > len("Microsoft.") && strings.EqualFold(namespace[:len("Microsoft.")], "Microsoft.") {
		// GroupName strips the prefix as spelt; ARM types are case-insensitive.
		namespace = "Microsoft." + namespace[len("Microsoft."):]
	}
	// A namespace's folders may form several groups (network and network.frontdoor): the
	// resource is in whichever of them declares it at that api-version.
	groups := v.index.GroupsOf(namespace)
	if len(groups) == 0 {
		groups = []string{loader.GroupName(namespace)} // for the error below
	}
	var (
		res      *loader.Resource
		docs     []*loader.Document
		types    []string
		firstErr error
	)
	for _, group := range groups {
		resources, groupDocs, err := v.version(group, apiVersion)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		for _, r := range resources {
			types = append(types, r.ARMType)
			if strings.EqualFold(r.ARMType, armType) {
				res, docs = r, groupDocs
			}
		}
		if res != nil {
			break
		}
	}
	if res == nil {
		if len(types) == 0 && firstErr != nil {
			return nil, fmt.Errorf("%s@%s: %w", armType, apiVersion, firstErr)
		}
		return nil, fmt.Errorf("api-version %s of %s declares no PUT of %s below %s (it declares %s)",
			apiVersion, strings.Join(groups, ", "), armType, v.index.Root, strings.Join(types, ", "))
	}
	if scope != "" {
		at := res.AtScope(scope)
		if at == nil {
			return nil, fmt.Errorf("api-version %s declares %s at the scopes %v, not %s", apiVersion, armType, res.Scopes(), scope)
		}
		res = at
	}
	if res.Body.Schema == nil {
		// A PUT that declares no body (web's siteextensions, sql's dnsAliases): the resource is
		// made by its URL alone, and anything sent besides is a mistake.
		return &Schema{ARMType: res.ARMType, APIVersion: apiVersion, File: res.File, root: emptyBody()}, nil
	}
	b := newBuilder(v, docs)
	root, err := b.build(res.Body.Doc, res.Body.Pointer, res.Body.Schema)
	if err != nil {
		return nil, fmt.Errorf("%s@%s: %w", armType, apiVersion, err)
	}
	return &Schema{ARMType: res.ARMType, APIVersion: apiVersion, File: res.File, root: root}, nil
}

// version discovers the resources of a group's api-version once, from all its folders, as the
// generator does, so that the body schema found is the one the generated types were made from.
func (v *Validator) version(group, apiVersion string) ([]*loader.Resource, []*loader.Document, error) {
	key := group + "@" + apiVersion
	v.mu.Lock()
	e, ok := v.versions[key]
	if !ok {
		e = &versionEntry{}
		v.versions[key] = e
	}
	v.mu.Unlock()
	e.once.Do(func() { e.resources, e.docs, e.err = v.discover(group, apiVersion) })
	return e.resources, e.docs, e.err
}

func (v *Validator) discover(group, apiVersion string) (rs []*loader.Resource, docs []*loader.Document, err error) {
	// The loader panics on some hostile swagger; one bad folder must fail its own schemas only.
	defer func() {
		if r := recover(); r != nil {
			rs, docs, err = nil, nil, fmt.Errorf("discovering the resources of %s@%s: %v", group, apiVersion, r)
		}
	}()
	dirs := v.index.Find(group, apiVersion)
	if len(dirs) == 0 {
		versions := v.index.APIVersions(group)
		if len(versions) == 0 {
			return nil, nil, fmt.Errorf("no provider group %s below %s", group, v.index.Root)
		}
		return nil, nil, fmt.Errorf("group %s has no api-version %s below %s (it has %s)", group, apiVersion, v.index.Root, strings.Join(versions, ", "))
	}
	var files []string
	stable := true
	for _, d := range dirs {
		files = append(files, d.Files...)
		stable = stable && d.Stable
	}
	docs, err = v.corpus.LoadAll(context.Background(), files)
	if err != nil {
		return nil, nil, err
	}
	cat, err := loader.Discover(v.corpus, group, apiVersion, stable, docs)
	if err != nil {
		return nil, nil, err
	}
	return cat.Resources, docs, nil
}

// emptyBody admits an empty object only.
func emptyBody() *node {
	return &node{name: "(no body declared)", types: spec.StringOrArray{"object"}, props: map[string]prop{}, closed: true, merged: true}
}
