import { Module } from '@nestjs/common';
import { CreateSubTppUseCase } from './create-sub-tpp.usecase.js';
import { DeleteSubTppUseCase } from './delete-sub-tpp.usecase.js';
import { GetSubTppUseCase } from './get-sub-tpp.usecase.js';
import { ListSubTppChildrenUseCase } from './list-sub-tpp-children.usecase.js';
import { ListSubTppsUseCase } from './list-sub-tpps.usecase.js';
import { OnBehalfOfCheck } from './on-behalf-of-check.js';

const USE_CASES = [
  CreateSubTppUseCase,
  ListSubTppsUseCase,
  GetSubTppUseCase,
  ListSubTppChildrenUseCase,
  DeleteSubTppUseCase,
];

/**
 * The sub-TPP use cases and the onBehalfOfId check every domain naming a sub-TPP runs
 * (repositories come from DbModule, the clock from PlatformModule).
 */
@Module({ providers: [...USE_CASES, OnBehalfOfCheck], exports: [...USE_CASES, OnBehalfOfCheck] })
export class SubTppsApplicationModule {}
