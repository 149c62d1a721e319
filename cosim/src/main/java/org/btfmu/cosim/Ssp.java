package org.btfmu.cosim;

/**
 * Names from the SSP 1.0 standard (System Structure and Parameterization, Modelica
 * Association) and the one annotation of our own that {@link SspWriter} writes and
 * {@link SspArchive} reads.
 *
 * <p>SSP 1.0's DefaultExperiment has a start and a stop time but no communication
 * step, so the step travels in an annotation of type {@value #STEP_ANNOTATION} inside
 * the DefaultExperiment: {@code <btfmu:CommunicationStep size="0.5"/>} in namespace
 * {@value #BTFMU}. Tools that do not know it ignore it, as the standard requires.
 */
final class Ssp {

    static final String SSD = "http://ssp-standard.org/SSP1/SystemStructureDescription";
    static final String SSC = "http://ssp-standard.org/SSP1/SystemStructureCommon";
    static final String SSV = "http://ssp-standard.org/SSP1/SystemStructureParameterValues";
    static final String BTFMU = "urn:org.btfmu:ssp:1.0";
    /** The namespace OMSimulator writes and reads its own annotations in. */
    static final String OMS = "https://raw.githubusercontent.com/OpenModelica/OMSimulator/master/schema/oms.xsd";

    static final String STEP_ANNOTATION = "org.btfmu.cosim";
    static final String STEP_ELEMENT = "CommunicationStep";

    /** The one entry every SSP has. */
    static final String SSD_ENTRY = "SystemStructure.ssd";
    static final String FMU_TYPE = "application/x-fmu-sharedlibrary";

    private Ssp() {
    }

    /**
     * The SSP 1.0 type of a variable (ssc:Real, Integer, Boolean, String, Enumeration, Binary):
     * FMI 2.0's type names as they stand; FMI 3.0's Float32/Float64 are Real and its
     * (U)Int8..64 are Integer (SSP 1.0 has no finer numeric types).
     */
    static String type(FmuVariable v) {
        String name = v.typeName();
        if (name.startsWith("Float")) {
            return "Real";
        }
        if (name.startsWith("Int") || name.startsWith("UInt")) {
            return "Integer";
        }
        return name;
    }
}
