// The routes' schema compilers, shared by every API app of the process: each schema (a module constant) is compiled
// to its validator (Ajv) and serializer (fast-json-stringify) once, not again for every app built. Compiling them
// was three quarters of an app's start (~3 s of CPU); the test suite builds an app for each of ~100 cores.
import { createRequire } from 'node:module'
import type ValidatorSelectorFn from '@fastify/ajv-compiler'
import type SerializerSelectorFn from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

// Fastify's own copies (its dependencies, not ours): the compilers it would build by default, never bundled twice.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'))
const ValidatorSelector = fastifyRequire('@fastify/ajv-compiler') as typeof ValidatorSelectorFn
const SerializerSelector = fastifyRequire('@fastify/fast-json-stringify-compiler') as typeof SerializerSelectorFn

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>
type Serializer = (data: unknown) => string

/**
 * Fastify's own compilers. The validator's pool already keeps one Ajv per set of shared schemas and options, and Ajv
 * keeps each compiled schema by identity; the serializer gets the same memory here: by schema object, then by the
 * shared schemas and options, status and content type it was compiled for.
 */
const buildValidator = ValidatorSelector()
const serializerOf = SerializerSelector()
const serializers = new WeakMap<object, Map<string, Serializer>>()

const buildSerializer: BuildSerializer = (externalSchemas, serializerOpts) => {
  const compile = serializerOf(externalSchemas, serializerOpts)
  const pool = JSON.stringify([externalSchemas, serializerOpts])
  return (route) => {
    const { schema, httpStatus, contentType } = route as typeof route & { contentType?: string }
    if (typeof schema !== 'object' || schema === null) return compile(route) as Serializer
    let bySchema = serializers.get(schema)
    if (!bySchema) serializers.set(schema, (bySchema = new Map()))
    const key = `${pool}\u0000${httpStatus}\u0000${contentType ?? ''}`
    let serialize = bySchema.get(key)
    if (!serialize) bySchema.set(key, (serialize = compile(route) as Serializer))
    return serialize
  }
}

/** Fastify's `schemaController` option: its default compilers, kept for the whole process. */
export const sharedSchemaController: FastifyServerOptions['schemaController'] = { compilersFactory: { buildValidator, buildSerializer } }
