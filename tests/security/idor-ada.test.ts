import { idorSuite } from './idor-cases'

// IDOR, Ada's objects (the admin's): Ben and an outsider attack them (cases in idor-cases.ts).
idorSuite('ada')
